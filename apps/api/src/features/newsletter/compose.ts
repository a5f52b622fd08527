import { escapeMarkup } from '@journey/contracts';
import type { RenderResult } from '../markdown/render-worker';

export interface MailContent {
  siteName: string;
  subject: string;
  /** The message, in Markdown: both parts are built from it. */
  markdown: string;
  /** Relative links in the Markdown are made absolute against it. */
  linkOrigin: string;
  /** Why the reader gets this mail, one sentence for the footer. */
  reason: string;
  /** Null for mail that is not a list's: the owner's security notices (docs/decisions/089-security-mail.md). */
  unsubscribeUrl: string | null;
  /**
   * A broadcast's page in the archive, "Read it on the web" in the footer; left out for a draft's test
   * and a private broadcast (docs/decisions/095-newsletter-archive.md).
   */
  webUrl?: string | null;
}

export interface ComposedMail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Inline styles only: mail clients drop style sheets and scripts. */
function htmlDocument(content: Omit<MailContent, 'markdown'>, body: string): string {
  const site = escapeMarkup(content.siteName);
  const unsubscribe =
    content.unsubscribeUrl === null
      ? ''
      : `<br><a href="${escapeMarkup(content.unsubscribeUrl)}" style="color:#364fc7;">Unsubscribe</a>`;
  const web = content.webUrl
    ? `<br><a href="${escapeMarkup(content.webUrl)}" style="color:#364fc7;">Read it on the web</a>`
    : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<div style="max-width:600px;margin:0 auto;padding:24px 20px;font-family:${FONT};font-size:16px;line-height:1.6;color:#1a1b1e;background:#ffffff;">
<p style="margin:0 0 20px;font-size:18px;font-weight:700;">${site}</p>
${body}
<hr style="border:none;border-top:1px solid #dee2e6;margin:32px 0 16px;">
<p style="margin:0;font-size:13px;color:#5c5f66;">${escapeMarkup(content.reason)}${web}${unsubscribe}</p>
</div>
</body>
</html>
`;
}

/** A mail's body, rendered once (off the main thread) for every recipient of the same text. */
export type MailBody = Pick<RenderResult, 'html'> & { text: string };

/**
 * A mail's two parts from its rendered body (docs/decisions/040-newsletter-delivery.md): the HTML of
 * the site's sanitizing renderer and its plain text, each with the site's name and a footer with the
 * unsubscribe link, which the RFC 8058 headers also carry. Only this part differs per recipient, so a
 * broadcast's Markdown is rendered once (docs/decisions/056-newsletter-hardening.md).
 */
export function composeMail(content: Omit<MailContent, 'markdown'>, body: MailBody): ComposedMail {
  return {
    subject: content.subject,
    html: htmlDocument(content, body.html),
    text: `${content.siteName}\n\n${body.text}\n\n-- \n${content.reason}\n${
      content.webUrl ? `Read it on the web: ${content.webUrl}\n` : ''
    }${content.unsubscribeUrl === null ? '' : `Unsubscribe: ${content.unsubscribeUrl}\n`}`,
    headers:
      content.unsubscribeUrl === null
        ? {}
        : {
            'List-Unsubscribe': `<${content.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
  };
}
