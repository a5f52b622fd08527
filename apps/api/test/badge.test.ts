import { BADGE_SIZES } from '@journey/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

const admin = useAdminServer();
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

const badge = (query = '') => admin.server.app.inject({ method: 'GET', url: `/badge.svg${query}` });

/** The badge's `<svg>` element, after checking the document is well-formed XML. */
function svgOf(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  const svg = parser.parse(body).svg;
  expect(svg['@xmlns']).toBe('http://www.w3.org/2000/svg');
  expect(svg['@role']).toBe('img');
  return svg;
}

const addRevenue = (amount: string, source = 'ai') =>
  admin.call('POST', '/api/revenue', {
    amount,
    source,
    description: 'A sale for the badge test',
    date: '2024-05-01',
  });

describe('progress badge', () => {
  it('shows zero before any revenue', async () => {
    const response = await badge();
    expect(response.statusCode).toBe(200);
    expect(svgOf(response.body).title['#text']).toBe('Revenue: $0.00 — 0% of $1,000,000,000');
  });

  it('shows the same total as /api/revenue, in every theme and style, as valid SVG', async () => {
    expect((await addRevenue('1234.56')).statusCode).toBe(201);
    expect((await addRevenue('100.00', 'consulting')).statusCode).toBe(201);
    const { totalRevenue } = (await call(admin.server.app, 'GET', '/api/revenue')).json();
    expect(totalRevenue).toBe('1334.56');

    const bodies = new Set<string>();
    for (const theme of ['light', 'dark']) {
      for (const style of ['flat', 'card']) {
        const response = await badge(`?theme=${theme}&style=${style}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
        const svg = svgOf(response.body);
        // 1334.56 / 1e9 = 0.000133456 %, shown with two significant digits as the tracker does.
        expect(svg.title['#text']).toBe('Revenue: $1,334.56 — 0.00013% of $1,000,000,000');
        expect(svg['@aria-labelledby']).toBe(svg.title['@id']);
        expect(response.body).toContain('>$1,334.56');
        expect(response.body).toContain('0.00013%');
        bodies.add(response.body);
      }
    }
    // Four different pictures: both themes and both styles change the image.
    expect(bodies.size).toBe(4);
  });

  it('uses the light flat badge by default', async () => {
    expect((await badge()).body).toBe((await badge('?theme=light&style=flat')).body);
    expect((await badge('?theme=dark')).body).toContain('#1a1b1e');
    expect((await badge()).body).not.toContain('#1a1b1e');
  });

  it('is cacheable for a few minutes, revalidated with an ETag, and can run nothing', async () => {
    const response = await badge('?style=card');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    // Other sites embed it in <img>.
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.body).not.toMatch(/<script|on\w+=/i);
    const again = await admin.server.app.inject({
      method: 'GET',
      url: '/badge.svg?style=card',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('follows a new revenue entry at once', async () => {
    const before = await badge();
    expect((await addRevenue('0.44', 'passive')).statusCode).toBe(201);
    const after = await badge();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(svgOf(after.body).title['#text']).toBe('Revenue: $1,335.00 — 0.00013% of $1,000,000,000');
  });

  it('answers a bad theme or style with a 400 error body, not a 500', async () => {
    const theme = await badge('?theme=blue');
    expect(theme.statusCode).toBe(400);
    expect(theme.json()).toEqual({
      message: expect.any(String),
      errors: { theme: 'theme must be light or dark' },
    });
    const style = await badge('?style=round');
    expect(style.statusCode).toBe(400);
    expect(style.json().errors).toEqual({ style: 'style must be flat or card' });
    const twice = await badge('?theme=light&theme=dark');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toHaveProperty('theme');
  });

  // Last: it makes the total huge. The Embed section's snippets state these sizes in width and height.
  it('keeps each style at its fixed size whatever the total, squeezing a long figure to fit', async () => {
    const sizesOf = async () => {
      const sizes: Record<string, { width: number; height: number }> = {};
      for (const style of ['flat', 'card'] as const) {
        const svg = svgOf((await badge(`?style=${style}`)).body);
        sizes[style] = { width: Number(svg['@width']), height: Number(svg['@height']) };
        expect(svg['@viewBox']).toBe(`0 0 ${BADGE_SIZES[style].width} ${BADGE_SIZES[style].height}`);
      }
      return sizes;
    };
    expect(await sizesOf()).toEqual(BADGE_SIZES);
    const small = await badge('?style=card');
    expect(small.body, 'a figure that fits is drawn as it is').not.toContain('textLength');

    for (let i = 0; i < 3; i += 1) expect((await addRevenue('999999999999.99')).statusCode).toBe(201);
    expect(await sizesOf()).toEqual(BADGE_SIZES);
    for (const style of ['flat', 'card'] as const) {
      const body = (await badge(`?style=${style}`)).body;
      expect(body).toContain('$3,000,000,001,334.97');
      const squeezed = /textLength="(\d+)"/.exec(body);
      expect(squeezed, `the ${style} badge squeezes the total`).not.toBeNull();
      expect(Number(squeezed![1])).toBeLessThan(BADGE_SIZES[style].width);
    }
  });
});
