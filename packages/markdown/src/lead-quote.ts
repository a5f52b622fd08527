import type { RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { isBeyondLimits } from './limits';

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

const isDefinition = (node: RootContent) => node.type === 'definition' || node.type === 'footnoteDefinition';

/** One level of `>` off each line; a lazy continuation line has none to take. */
const unquote = (source: string) =>
  source
    .split('\n')
    .map((line) => line.replace(/^ {0,3}> ?/, ''))
    .join('\n');

/**
 * The story's opening blockquote, taken off so the landing page can show it apart, and the rest.
 * Both are Markdown, with the quote's `>` removed. Link and footnote definitions written outside the
 * quote are added to it, and those inside it to the rest, so a reference link works in either part.
 * No leading blockquote (definitions aside), or text beyond the renderer's limits: `quote` is null
 * and `body` the Markdown as it was.
 */
export function splitLeadQuote(markdown: string): { quote: string | null; body: string } {
  // Text renderMarkdown shows as plain text has no quote to take off.
  if (isBeyondLimits(markdown)) return { quote: null, body: markdown };
  const nodes = parser.parse(markdown).children;
  const first = nodes.find((node) => !isDefinition(node));
  const start = first?.position?.start.offset;
  const end = first?.position?.end.offset;
  if (first?.type !== 'blockquote' || start === undefined || end === undefined)
    return { quote: null, body: markdown };

  const sourceOf = (node: RootContent) =>
    markdown.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
  const outerDefinitions = nodes.filter((node) => node !== first && isDefinition(node)).map(sourceOf);
  const innerDefinitions = first.children.filter(isDefinition).map((node) => unquote(sourceOf(node)));

  const quote = [unquote(markdown.slice(start, end)), ...outerDefinitions].join('\n\n');
  const before = markdown.slice(0, start).trimEnd();
  const after = markdown
    .slice(end)
    .replace(/^\s*\n/, '')
    .trimEnd();
  const body = [before, after, ...innerDefinitions].filter((part) => part !== '').join('\n\n');
  return { quote: quote.trim() === '' ? null : quote, body };
}
