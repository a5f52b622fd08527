/**
 * Markdown no person writes, which the parser handles badly: containers nested hundreds deep overflow
 * its recursion, and thousands of emphasis marks in one block take seconds (its work grows with their
 * square). Measured in docs/decisions/038-markdown-rendering.md; such text is shown as plain text.
 */
export const MAX_NESTING = 32;
export const MAX_EMPHASIS_MARKS_PER_BLOCK = 1_000;
/** Link, image and footnote openers: 25,000 `[` before as many `]` took 24 s (docs/decisions/056-newsletter-hardening.md). */
export const MAX_BRACKETS_PER_BLOCK = 1_000;

/** Quote and list markers opening a line, as in `> - > 1. text`. */
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+/;

function nestingOf(line: string): number {
  const prefix = CONTAINER_PREFIX.exec(line)?.[0] ?? '';
  return prefix.match(/>|[-+*]|\d{1,9}[.)]/g)?.length ?? 0;
}

const emphasisMarks = (block: string) => block.match(/[*_~]/g)?.length ?? 0;
const brackets = (block: string) => block.match(/\[/g)?.length ?? 0;

export function isBeyondLimits(markdown: string): boolean {
  return (
    markdown.split('\n').some((line) => nestingOf(line) > MAX_NESTING) ||
    markdown
      .split(/\n[ \t]*\n/)
      .some(
        (block) =>
          emphasisMarks(block) > MAX_EMPHASIS_MARKS_PER_BLOCK || brackets(block) > MAX_BRACKETS_PER_BLOCK,
      )
  );
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** The text as paragraphs of plain, escaped text. */
export function plainTextHtml(markdown: string): string {
  return markdown
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${block.replace(/[&<>"]/g, (char) => ESCAPES[char] ?? char)}</p>`)
    .join('\n');
}
