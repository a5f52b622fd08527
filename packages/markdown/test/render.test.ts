import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../src';
import { MAX_BRACKETS_PER_BLOCK, MAX_EMPHASIS_MARKS_PER_BLOCK, MAX_NESTING } from '../src/limits';
import { findUnsafeMarkup, XSS_PAYLOADS } from '@journey/testing/xss-payloads';

describe('renderMarkdown', () => {
  it.each(XSS_PAYLOADS.map((payload) => [payload]))('renders %j with nothing that runs', (payload) => {
    const html = renderMarkdown(payload);
    expect(findUnsafeMarkup(html)).toEqual([]);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/ on\w+=/i);
    expect(html).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i);
    expect(html).not.toMatch(/style=/i);
  });

  it('also renders every payload safely inside ordinary Markdown', () => {
    const html = renderMarkdown(
      XSS_PAYLOADS.map((payload) => `Before\n\n${payload}\n\n- after`).join('\n\n'),
    );
    expect(findUnsafeMarkup(html)).toEqual([]);
  });

  it('keeps a quote in a title as text, inside the attribute', () => {
    const html = renderMarkdown('[x](https://example.com "\\" onmouseover=\\"alert(1)")');
    expect(html).toContain('title="&#x22; onmouseover=&#x22;alert(1)"');
    expect(findUnsafeMarkup(html)).toEqual([]);
  });

  it('drops raw HTML, keeping the Markdown text around it', () => {
    expect(renderMarkdown('a <b>bold</b> c')).toBe('<p>a bold c</p>');
    expect(renderMarkdown('<div>\n\n**kept**\n\n</div>')).toBe('<p><strong>kept</strong></p>');
    expect(renderMarkdown('<script>alert(1)</script>\n\ntext')).toBe('<p>text</p>');
  });

  it('keeps HTML entities and code as text', () => {
    expect(renderMarkdown('&lt;script&gt;')).toBe('<p>&#x3C;script></p>');
    expect(renderMarkdown('`<b>`')).toBe('<p><code>&#x3C;b></code></p>');
    expect(renderMarkdown('Tom & Jerry <3')).toBe('<p>Tom &#x26; Jerry &#x3C;3</p>');
  });

  it('refuses links other than web, mail and on-site ones, and images other than https', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('<p><a>x</a></p>');
    expect(renderMarkdown('[x](ftp://example.com)')).toBe('<p><a>x</a></p>');
    expect(renderMarkdown('[x](/privacy) [y](#tracker)')).toBe(
      '<p><a href="/privacy">x</a> <a href="#tracker">y</a></p>',
    );
    expect(renderMarkdown('[mail](mailto:me@example.com)')).toBe(
      '<p><a href="mailto:me@example.com">mail</a></p>',
    );
    expect(renderMarkdown('![a](https://example.com/a.png "A")')).toBe(
      '<p><img src="https://example.com/a.png" alt="a" title="A"></p>',
    );
    for (const source of ['http://example.com/a.png', '/images/a.png', 'data:image/png;base64,AAAA'])
      expect(renderMarkdown(`![a](${source})`)).toBe('<p></p>');
  });

  it('marks links to other sites noopener noreferrer nofollow, and opens them in the same tab', () => {
    const rel = 'rel="noopener noreferrer nofollow"';
    expect(renderMarkdown('[x](https://example.com)')).toBe(
      `<p><a href="https://example.com" ${rel}>x</a></p>`,
    );
    expect(renderMarkdown('[x](http://example.com)')).toBe(
      `<p><a href="http://example.com" ${rel}>x</a></p>`,
    );
    expect(renderMarkdown('[x](//example.com)')).toBe(`<p><a href="//example.com" ${rel}>x</a></p>`);
    expect(renderMarkdown('www.example.com')).toBe(
      `<p><a href="http://www.example.com" ${rel}>www.example.com</a></p>`,
    );
    expect(renderMarkdown('[x](/milestones)')).not.toContain('rel=');
    expect(renderMarkdown('[x](https://example.com)')).not.toContain('target=');
  });

  it('renders headings, lists, emphasis, links, code, blockquotes and tables', () => {
    const markdown = [
      '# Title',
      '## Part',
      'Some *emphasis*, **strong** and ~~struck~~ text with `code`.',
      '- one\n- two',
      '1. first\n2. second',
      '- [x] done\n- [ ] to do',
      '> quoted',
      '```ts\nconst a = 1;\n```',
      '| a | b |\n| - | -: |\n| 1 | 2 |',
      '---',
    ].join('\n\n');
    const html = renderMarkdown(markdown);
    for (const part of [
      '<h1>Title</h1>',
      '<h2>Part</h2>',
      '<em>emphasis</em>',
      '<strong>strong</strong>',
      '<del>struck</del>',
      '<code>code</code>',
      '<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
      '<ol>\n<li>first</li>\n<li>second</li>\n</ol>',
      '<li class="task-list-item"><input type="checkbox" checked disabled> done</li>',
      '<blockquote>\n<p>quoted</p>\n</blockquote>',
      '<pre><code class="language-ts">const a = 1;\n</code></pre>',
      '<th>a</th>',
      '<td align="right">2</td>',
      '<hr>',
    ])
      expect(html).toContain(part);
    expect(findUnsafeMarkup(html)).toEqual([]);
  });

  it('prefixes footnote ids, and their links follow', () => {
    const html = renderMarkdown('Claim[^1]\n\n[^1]: Source');
    expect(html).toContain('<a href="#user-content-fn-1" id="user-content-fnref-1"');
    expect(html).toContain('<li id="user-content-fn-1">');
    expect(html).toContain('href="#user-content-fnref-1"');
    expect(findUnsafeMarkup(html)).toEqual([]);
  });

  it('renders an empty text as nothing', () => {
    expect(renderMarkdown('')).toBe('');
  });
});

describe('findUnsafeMarkup', () => {
  it('finds what the sanitizer must never let through', () => {
    expect(findUnsafeMarkup('<p>fine <a href="https://x.com">x</a></p>')).toEqual([]);
    for (const html of [
      '<script>alert(1)</script>',
      '<img src="x" onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      '<a href=" data:text/html,x">x</a>',
      '<img src="http://x.com/a.png">',
      '<p style="color:red">x</p>',
      '<h1 id="tracker">x</h1>',
      '<iframe src="https://x.com"></iframe>',
    ])
      expect(findUnsafeMarkup(html), html).not.toEqual([]);
  });
});

describe('renderMarkdown on text beyond its limits', () => {
  it.each([
    ['quotes nested too deep', '>'.repeat(MAX_NESTING + 1) + ' deep'],
    ['lists and quotes nested too deep', '- > '.repeat(1_000) + 'deep'],
    ['too many emphasis marks in a block', '*'.repeat(MAX_EMPHASIS_MARKS_PER_BLOCK) + 'a*'],
    ['a run of strikethrough marks', '~a'.repeat(25_000)],
    ['too many link openers in a block', '[a'.repeat(MAX_BRACKETS_PER_BLOCK + 1)],
  ])('shows %s as plain text, at once', (_name, markdown) => {
    const started = performance.now();
    const html = renderMarkdown(`# <b>Title</b>\n\n${markdown}`);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(html.startsWith('<p># &lt;b&gt;Title&lt;/b&gt;</p>\n<p>')).toBe(true);
    expect(findUnsafeMarkup(html)).toEqual([]);
  });

  it('renders nesting and emphasis up to the limits', () => {
    expect(renderMarkdown('>'.repeat(MAX_NESTING) + ' deep')).toContain('<blockquote>');
    expect(renderMarkdown('*a* '.repeat(MAX_EMPHASIS_MARKS_PER_BLOCK / 2))).toContain('<em>a</em>');
    expect(renderMarkdown('[a][b] '.repeat(MAX_BRACKETS_PER_BLOCK / 2) + '\n\n[b]: /x')).toContain(
      '<a href="/x">a</a>',
    );
  });

  it('lets a keyboard reach a table, which scrolls sideways on a phone', () => {
    expect(renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |')).toMatch(/^<table tabindex="0">/);
  });
});
