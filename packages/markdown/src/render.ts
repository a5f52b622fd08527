import rehypeExternalLinks from 'rehype-external-links';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { afterSanitize } from './after-sanitize';
import { isBeyondLimits, plainTextHtml } from './limits';
import { SANITIZE_SCHEMA } from './sanitize-schema';

/**
 * Markdown (CommonMark and GitHub's tables, strikethrough, task lists, footnotes and autolinks) to
 * sanitized HTML. Raw HTML written in the Markdown is dropped, never rendered: remark-rehype leaves
 * it out unless told otherwise, and the sanitizer would refuse it anyway (docs/decisions/038-markdown-rendering.md).
 * Plain JavaScript: the server renders the public pages with it, the admin's preview runs the same in the browser.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // The sanitizer prefixes every id; remark-rehype's own prefix on footnotes would double it.
  .use(remarkRehype, { clobberPrefix: '' })
  .use(rehypeSanitize, SANITIZE_SCHEMA)
  .use(afterSanitize)
  // Other sites get no referrer and no ranking from the owner's links; pages open where they are.
  .use(rehypeExternalLinks, { rel: ['noopener', 'noreferrer', 'nofollow'] })
  .use(rehypeStringify)
  .freeze();

export function renderMarkdown(markdown: string): string {
  if (isBeyondLimits(markdown)) return plainTextHtml(markdown);
  try {
    return String(processor.processSync(markdown));
  } catch (error) {
    // A stack smaller than the one the limits were measured on (a browser's) may still overflow.
    if (error instanceof RangeError) return plainTextHtml(markdown);
    throw error;
  }
}
