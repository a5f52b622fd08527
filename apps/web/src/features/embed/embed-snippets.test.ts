import { describe, expect, it } from 'vitest';
import { embedSnippets, shieldsSnippet, widgetSnippet } from './embed-snippets';

const origin = 'https://journey.example';

/** The snippet's `<a>` and `<img>` as a browser reads them. */
function parseHtml(html: string) {
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = html;
  const link = doc.body.querySelector('a');
  const image = link?.querySelector('img');
  expect(doc.body.children).toHaveLength(1);
  return {
    href: link?.getAttribute('href'),
    src: image?.getAttribute('src'),
    alt: image?.getAttribute('alt'),
    width: image?.getAttribute('width'),
    height: image?.getAttribute('height'),
  };
}

describe('embedSnippets', () => {
  it('builds the HTML and Markdown of the light flat badge', () => {
    const snippets = embedSnippets(origin, 'Unicorn', { theme: 'light', style: 'flat' });
    expect(snippets.imageUrl).toBe('https://journey.example/badge.svg?theme=light&style=flat');
    expect(snippets.html).toBe(
      '<a href="https://journey.example/"><img src="https://journey.example/badge.svg?theme=light&amp;style=flat" ' +
        'alt="Solo Unicorn revenue toward $1B" width="236" height="20"></a>',
    );
    expect(snippets.markdown).toBe(
      '[![Solo Unicorn revenue toward $1B](https://journey.example/badge.svg?theme=light&style=flat)](https://journey.example/)',
    );
  });

  it('follows the theme and style, with the size of each style', () => {
    const card = embedSnippets(origin, 'Unicorn', { theme: 'dark', style: 'card' });
    expect(card.imageUrl).toBe('https://journey.example/badge.svg?theme=dark&style=card');
    expect(parseHtml(card.html)).toEqual({
      href: 'https://journey.example/',
      src: card.imageUrl,
      alt: 'Solo Unicorn revenue toward $1B',
      width: '280',
      height: '96',
    });
    expect(card.markdown).toContain('(https://journey.example/badge.svg?theme=dark&style=card)');
  });

  // Only the origin is taken, so no space or parenthesis can end the Markdown link destination early.
  it('uses the origin alone: a trailing slash or a path in it changes nothing', () => {
    for (const variant of ['https://journey.example/', 'https://journey.example/a (b)/admin?tab=embed']) {
      expect(embedSnippets(variant, 'Unicorn', { theme: 'light', style: 'card' })).toEqual(
        embedSnippets(origin, 'Unicorn', { theme: 'light', style: 'card' }),
      );
    }
    const local = embedSnippets('http://127.0.0.1:5000', 'Unicorn', { theme: 'light', style: 'flat' });
    expect(local.siteUrl).toBe('http://127.0.0.1:5000/');
    expect(local.imageUrl).toBe('http://127.0.0.1:5000/badge.svg?theme=light&style=flat');
  });

  it('escapes a product name that would break out of the HTML attribute or the Markdown link', () => {
    const name = '"><script>alert(1)</script> & [co] \\';
    const snippets = embedSnippets(origin, name, { theme: 'light', style: 'flat' });
    expect(snippets.html).not.toContain('<script>');
    expect(snippets.html).toContain(
      'alt="Solo &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; [co] \\ revenue',
    );
    // The browser reads back exactly the text and URLs meant.
    expect(parseHtml(snippets.html)).toEqual({
      href: 'https://journey.example/',
      src: snippets.imageUrl,
      alt: `Solo ${name} revenue toward $1B`,
      width: '236',
      height: '20',
    });
    expect(snippets.markdown).toBe(
      '[![Solo "><script>alert(1)</script> & \\[co\\] \\\\ revenue toward $1B]' +
        '(https://journey.example/badge.svg?theme=light&style=flat)](https://journey.example/)',
    );
  });
});

describe('widgetSnippet', () => {
  it('frames the progress widget at its size, with a title and no period', () => {
    const snippet = widgetSnippet(origin, 'Unicorn', { widget: 'progress', theme: 'dark', period: '30d' });
    expect(snippet.url).toBe('https://journey.example/embed/progress?theme=dark');
    expect(snippet.html).toBe(
      '<iframe src="https://journey.example/embed/progress?theme=dark" title="Unicorn revenue toward $1B" ' +
        'width="320" height="120" style="border:0;max-width:100%" loading="lazy"></iframe>',
    );
  });

  it('names the chart period and theme, escaped inside the attribute', () => {
    const snippet = widgetSnippet('https://journey.example/admin?tab=embed', 'A "B" <C>', {
      widget: 'chart',
      theme: 'light',
      period: '90d',
    });
    expect(snippet.url).toBe('https://journey.example/embed/chart?period=90d&theme=light');
    const doc = document.implementation.createHTMLDocument('');
    doc.body.innerHTML = snippet.html;
    const frame = doc.body.querySelector('iframe');
    expect(doc.body.children).toHaveLength(1);
    expect(frame?.getAttribute('src')).toBe(snippet.url);
    expect(frame?.getAttribute('title')).toBe('A "B" <C> revenue over time');
    expect([frame?.getAttribute('width'), frame?.getAttribute('height')]).toEqual(['480', '260']);
  });
});

describe('shieldsSnippet', () => {
  it('points shields.io at the endpoint, URL-encoded', () => {
    const snippet = shieldsSnippet('http://127.0.0.1:5000/admin', 'mrr');
    expect(snippet.endpoint).toBe('http://127.0.0.1:5000/api/public/shields/mrr.json');
    expect(snippet.image).toBe(
      'https://img.shields.io/endpoint?url=http%3A%2F%2F127.0.0.1%3A5000%2Fapi%2Fpublic%2Fshields%2Fmrr.json',
    );
    expect(snippet.markdown).toBe(`[![MRR](${snippet.image})](http://127.0.0.1:5000/)`);
    expect(shieldsSnippet(origin, 'total').markdown).toContain('[![Revenue total](');
  });
});
