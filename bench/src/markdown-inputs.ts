/**
 * Pathological Markdown for `pnpm bench:markdown`: the shapes that make the parser slow, each filled
 * to a given length. Each stays inside the renderer's own limits (nesting, emphasis per block), so it
 * reaches the parser rather than the plain-text fallback (docs/decisions/038-markdown-rendering.md).
 */
const fill = (unit: (i: number) => string, length: number) => {
  let text = '';
  for (let i = 0; text.length < length; i++) text += unit(i);
  return text.slice(0, length);
};

export const PATHOLOGICAL_INPUTS: Record<string, (length: number) => string> = {
  'footnote references and definitions': (n) =>
    fill((i) => `[^n${i}] `, n / 2) + '\n\n' + fill((i) => `[^n${i}]: note ${i}\n`, n / 2),
  'footnotes at the limit per block': (n) =>
    fill((i) => `${Array.from({ length: 999 }, (_, j) => `[^n${i}x${j}]`).join(' ')}\n\n`, n / 2) +
    fill((i) => `[^n${i}]: note ${i}\n${i % 999 === 998 ? '\n' : ''}`, n / 2),
  'reference links at the limit per block': (n) =>
    fill((i) => `${Array.from({ length: 999 }, (_, j) => `[r${i}x${j}]`).join(' ')}\n\n`, n / 2) +
    fill((i) => `[r${i}]: https://e.x/${i}\n${i % 999 === 998 ? '\n' : ''}`, n / 2),
  'nested brackets at the limit per block': (n) =>
    fill(() => `${'['.repeat(1000)}${']'.repeat(1000)}\n\n`, n),
  'link openers at the limit per block': (n) => fill(() => `${'[a]('.repeat(1000)}\n\n`, n),
  'footnote references, no definitions': (n) => fill((i) => `[^n${i}] `, n),
  'reference links and definitions': (n) =>
    fill((i) => `[r${i}] `, n / 2) + '\n\n' + fill((i) => `[r${i}]: https://e.x/${i}\n`, n / 2),
  'reference links, no definitions': (n) => fill((i) => `[r${i}][] `, n),
  'unclosed brackets': (n) => fill(() => '[a ', n),
  'unclosed link openers': (n) => fill(() => '[a](', n),
  'nested brackets': (n) => fill(() => '[', n / 2) + fill(() => ']', n / 2),
  'image openers': (n) => fill(() => '![', n),
  'backtick runs of rising length': (n) => fill((i) => `${'`'.repeat((i % 40) + 1)}a`, n),
  'autolink literals': (n) => fill((i) => `www.e${i}.com `, n),
  'emails as autolinks': (n) => fill((i) => `a${i}@e.com `, n),
  'emphasis at the limit per block': (n) => fill(() => `${'*a'.repeat(499)}\n\n`, n),
  'strikethrough at the limit per block': (n) => fill(() => `${'~a'.repeat(499)}\n\n`, n),
  'underscores at the limit per block': (n) => fill(() => `${'_a'.repeat(499)}\n\n`, n),
  'quotes nested to the limit': (n) => fill(() => `${'> '.repeat(32)}a\n`, n),
  'lists nested to the limit': (n) => fill((i) => `${'  '.repeat(i % 32)}- a\n`, n),
  'table, many rows': (n) => '| a | b |\n| - | - |\n' + fill((i) => `| ${i} | x |\n`, n),
  'table, many columns': (n) => {
    const cols = Math.floor(n / 8);
    return `${'|a'.repeat(cols)}|\n${'|-'.repeat(cols)}|\n${'|b'.repeat(cols)}|\n`;
  },
  'inline links': (n) => fill((i) => `[a${i}](https://e.x/${i}) `, n),
  'raw html tags (dropped)': (n) => fill(() => '<a href="x">', n),
  entities: (n) => fill(() => '&amp;&#1234;&nbsp;', n),
  'long paragraph of words': (n) => fill((i) => `word${i} `, n),
  headings: (n) => fill((i) => `# heading ${i}\n`, n),
  'task list': (n) => fill((i) => `- [ ] task ${i}\n`, n),
};
