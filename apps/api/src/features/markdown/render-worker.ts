import { escapeMarkup } from '@journey/contracts';
import { renderMarkdown } from '@journey/markdown';
import { convert } from 'html-to-text';

/** What the render thread is asked: a text to render, and for a mail its plain-text part as well. */
export interface RenderTask {
  markdown: string;
  /** A mail's body: site-relative links made absolute against this origin, and a plain-text part. */
  mailLinkOrigin?: string;
}

export interface RenderResult {
  html: string;
  /** The plain-text part of a mail's body; null for a page's text. */
  text: string | null;
}

/**
 * The sanitized HTML of a mail's Markdown with its site-relative links made absolute: in a mail, `/x`
 * has no site to be relative to. The renderer writes every attribute in double quotes.
 */
export const absoluteLinks = (html: string, origin: string) =>
  html.replace(/ href="\/(?!\/)/g, ` href="${escapeMarkup(origin)}/`);

/** A mail's plain-text part from its HTML, with each link's address written out. */
export const plainText = (html: string) =>
  convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
    ],
  });

/**
 * Runs in the render thread (render-pool.ts): the Markdown pipeline and html-to-text, the two costly
 * steps of a page's or a mail's text, away from the thread that answers requests.
 */
export default function render(task: RenderTask): RenderResult {
  const html = renderMarkdown(task.markdown);
  if (task.mailLinkOrigin === undefined) return { html, text: null };
  const mailHtml = absoluteLinks(html, task.mailLinkOrigin);
  return { html: mailHtml, text: plainText(mailHtml) };
}
