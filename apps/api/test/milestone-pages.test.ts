import path from 'node:path';
import { LEGAL_PAGES, milestonePath } from '@journey/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, fakeWebBuild, useAdminServer } from './helpers';

/**
 * The web app's real server entry, from its sources (vitest compiles the TSX): these tests read the
 * very HTML the production build sends, without needing `pnpm build` first.
 */
const WEB_ENTRY = path.resolve(import.meta.dirname, '../../web/src/entry-server.tsx');

const HOST = 'journey.example';
const ORIGIN = `http://${HOST}`;

// Created in this order; the timeline orders them by day, so ids and days disagree on purpose.
const MILESTONES = [
  {
    title: 'First <b>paying</b> customer & "more"',
    description:
      "Tom & Jerry's agency paid the first invoice. <script>alert(1)</script>\nThen a second line.",
    date: '2024-03-10',
    day: 70,
    isRevenue: 1,
    amount: '1200.50',
  },
  {
    title: 'Started the journey',
    description: 'Day one: the plan, the tracker and a blank page.',
    date: '2024-01-01',
    day: 1,
    isRevenue: 0,
  },
  {
    title: 'Crossed ten thousand',
    description: `Revenue passed ten thousand dollars. ${'And the story goes on with more words. '.repeat(8)}`,
    date: '2024-06-30',
    day: 182,
    isRevenue: 0,
  },
];

type Created = { id: number; title: string; description: string; date: string; day: number };

const admin = useAdminServer({
  env: { WEB_DIST_DIR: fakeWebBuild(`export * from ${JSON.stringify(WEB_ENTRY)};`) },
});
const { server } = admin;
const created: Created[] = [];
/** The created milestones in the timeline's order: day 1, 70, 182. */
const timeline = () => [...created].sort((a, b) => a.day - b.day);

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });

/** Adds a revenue entry, which the milestone pages' totals and pictures show. */
const addRevenue = async (revenue: { amount: string; source: string; description: string; date: string }) =>
  expect((await admin.call('POST', '/api/revenue', revenue)).statusCode).toBe(201);

beforeAll(async () => {
  for (const milestone of MILESTONES) {
    const response = await admin.call('POST', '/api/milestones', milestone);
    expect(response.statusCode).toBe(201);
    // The admin's answer also says when it was mailed, which no public answer shows.
    const { mailedAt: _mailedAt, ...row } = response.json();
    created.push(row);
  }
  await addRevenue({
    amount: '15234.56',
    source: 'ai',
    description: 'A sale for the pages',
    date: '2024-05-01',
  });
});

const headParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['title', 'meta', 'link'].includes(name),
});

/**
 * The tags of the page's <head>, read with an XML parser: the head is written as well-formed XML
 * (self-closed tags, quoted and escaped attributes), so anything injected would show as an element.
 */
function headOf(html: string) {
  const head = /<head>(.*)<\/head>/s.exec(html)?.[1];
  expect(head).toBeDefined();
  const xml = `<head>${head}</head>`;
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = headParser.parse(xml).head as Record<string, Record<string, string>[]>;
  expect(Object.keys(parsed).sort()).toEqual(['link', 'meta', 'title']);
  const meta = (key: 'name' | 'property', value: string) =>
    parsed.meta!.find((tag) => tag[key] === value)?.content ?? null;
  return {
    title: String(parsed.title![0]),
    canonical: parsed.link!.find((tag) => tag.rel === 'canonical')?.href ?? null,
    name: (value: string) => meta('name', value),
    property: (value: string) => meta('property', value),
  };
}

/** Text of the HTML as a reader sees it: tags dropped, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(body: Buffer) {
  expect([...body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(body.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

describe('GET /api/milestones/{id} (milestones.byId)', () => {
  it('answers the milestone with the previous and next ones in the timeline order', async () => {
    const [first, middle, last] = timeline();
    const response = await call(server.app, 'GET', `/api/milestones/${middle!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      milestone: { ...middle, isRevenue: 1, amount: '1200.50' },
      previous: { id: first!.id, title: first!.title, day: 1 },
      next: { id: last!.id, title: last!.title, day: 182 },
    });
    expect((await call(server.app, 'GET', `/api/milestones/${first!.id}`)).json().previous).toBeNull();
    expect((await call(server.app, 'GET', `/api/milestones/${last!.id}`)).json().next).toBeNull();
  });

  it('orders milestones of the same day by id', async () => {
    const sameDay = { ...MILESTONES[1]!, title: 'Also on day one', isRevenue: 0 };
    const response = await admin.call('POST', '/api/milestones', sameDay);
    const extra = response.json() as Created;
    const dayOne = timeline()[0]!;
    expect((await call(server.app, 'GET', `/api/milestones/${extra.id}`)).json()).toMatchObject({
      previous: { id: dayOne.id },
      next: { id: timeline()[1]!.id },
    });
    expect((await admin.call('DELETE', `/api/admin/milestones/${extra.id}`)).statusCode).toBe(204);
  });

  it('is the same through tRPC', async () => {
    const id = created[0]!.id;
    const input = encodeURIComponent(JSON.stringify({ id }));
    const response = await call(server.app, 'GET', `/api/trpc/milestones.byId?input=${input}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.milestone.id).toBe(id);
  });

  it('answers an unknown id with a 404 and a malformed one with a 400, both with the error body', async () => {
    const unknown = await call(server.app, 'GET', '/api/milestones/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Milestone not found' });
    for (const id of ['abc', '0', '01', '-1', '1.5', '99999999999']) {
      const response = await call(server.app, 'GET', `/api/milestones/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().errors, id).toHaveProperty('id');
    }
  });
});

describe('the milestone page', () => {
  it('shows the title, date, day, amount, full description and the neighbours', async () => {
    const [first, middle, last] = timeline();
    const response = await get(milestonePath(middle!));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '';
    expect(textOf(h1).trim()).toBe(middle!.title);
    const text = textOf(html);
    expect(text).toContain('Mar 10, 2024');
    expect(text).toContain('Day 70');
    expect(text).toContain('$1,200.50');
    // The full text, the <script> in it shown as text.
    expect(text).toContain(middle!.description.replace(/\s+/g, ' '));
    // Neighbours link to their permalinks, named by their titles.
    expect(html).toContain(`href="${milestonePath(first!)}"`);
    expect(html).toContain(`href="${milestonePath(last!)}"`);
    expect(text).toContain(`Previous milestone · Day 1 ${first!.title}`);
    expect(text).toContain(`Next milestone · Day 182 ${last!.title}`);
    // A way back to the timeline.
    expect(html).toContain('href="/#milestones"');
  });

  it('escapes < and & of the title and the text everywhere in the HTML', async () => {
    const html = (await get(milestonePath(created[0]!))).body;
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('First &lt;b&gt;paying&lt;/b&gt; customer &amp;');
  });

  it('has its own title, canonical URL and every Open Graph and Twitter tag', async () => {
    const milestone = created[0]!;
    const url = ORIGIN + milestonePath(milestone);
    const head = headOf((await get(milestonePath(milestone))).body);
    expect(head.title).toBe(`${milestone.title} · Solo Unicorn`);
    expect(head.canonical).toBe(url);
    expect(head.name('robots')).toBeNull();
    expect(head.property('og:type')).toBe('article');
    expect(head.property('og:site_name')).toBe('Solo Unicorn');
    expect(head.property('og:title')).toBe(milestone.title);
    expect(head.property('og:description')).toBe(milestone.description.replace(/\s+/g, ' '));
    expect(head.property('og:url')).toBe(url);
    expect(head.property('og:image')).toBe(`${ORIGIN}/milestones/${milestone.id}/og.png`);
    expect(head.property('og:image:width')).toBe('1200');
    expect(head.property('og:image:height')).toBe('630');
    expect(head.property('og:image:alt')).toContain(milestone.title);
    expect(head.name('description')).toBe(head.property('og:description'));
    expect(head.name('twitter:card')).toBe('summary_large_image');
    expect(head.name('twitter:title')).toBe(milestone.title);
    expect(head.name('twitter:description')).toBe(head.property('og:description'));
    expect(head.name('twitter:image')).toBe(head.property('og:image'));
  });

  it('trims a long description to about 200 characters on a word boundary for the cards', async () => {
    const long = timeline()[2]!;
    const description = headOf((await get(milestonePath(long))).body).property('og:description')!;
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.length).toBeGreaterThan(150);
    expect(description.endsWith('…')).toBe(true);
    const shown = description.slice(0, -1);
    expect(long.description.startsWith(shown)).toBe(true);
    // Cut between words, not inside one.
    expect(long.description[shown.length]).toMatch(/[\s.]/);
  });

  it('redirects a wrong or missing slug to the canonical address with a 301', async () => {
    const milestone = created[0]!;
    for (const [url, location] of [
      [`/milestones/${milestone.id}-old-title`, milestonePath(milestone)],
      [`/milestones/${milestone.id}`, milestonePath(milestone)],
      [`/milestones/${milestone.id}-x?ref=feed`, `${milestonePath(milestone)}?ref=feed`],
    ]) {
      const response = await get(url!);
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(location);
    }
  });

  it('renders the not-found page with a 404 for an unknown or malformed id', async () => {
    for (const url of [
      '/milestones/999999-nothing',
      '/milestones/abc',
      '/milestones/0-zero',
      '/milestones/01-x',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      const head = headOf(response.body);
      expect(head.title, url).toBe('Page not found · Solo Unicorn');
      expect(head.name('robots'), url).toBe('noindex');
      expect(head.canonical, url).toBeNull();
    }
  });

  it('is cached for anonymous readers with an ETag until the milestone changes', async () => {
    const milestone = created[1]!;
    const first = await get(milestonePath(milestone));
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect((await get(milestonePath(milestone), { 'if-none-match': etag })).statusCode).toBe(304);

    const edited = { ...MILESTONES[1]!, description: 'Day one, told again after an edit.' };
    const update = await admin.call('PUT', `/api/admin/milestones/${milestone.id}`, edited);
    expect(update.statusCode).toBe(200);
    const after = await get(milestonePath(milestone), { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Day one, told again after an edit.');
  });

  it('is rendered per request for the signed-in admin', async () => {
    const response = await get(milestonePath(created[0]!), { cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('GET /milestones/:id/og.png', () => {
  const image = (id: number, headers: Record<string, string> = {}) =>
    get(`/milestones/${id}/og.png`, headers);

  it('is a 1200x630 PNG, cacheable for five minutes, with an ETag and 304 on revalidation', async () => {
    const response = await image(created[0]!.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await image(created[0]!.id, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('is a different picture for each milestone', async () => {
    const a = await image(created[0]!.id);
    const b = await image(created[1]!.id);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(false);
  });

  it('is made again when the milestone is edited, and when the revenue changes', async () => {
    const milestone = created[2]!;
    const before = await image(milestone.id);
    const edited = { ...MILESTONES[2]!, title: 'Crossed ten thousand dollars' };
    const update = await admin.call('PUT', `/api/admin/milestones/${milestone.id}`, edited);
    expect(update.statusCode).toBe(200);
    const afterEdit = await image(milestone.id);
    expect(afterEdit.headers.etag).not.toBe(before.headers.etag);
    expect(afterEdit.rawPayload.equals(before.rawPayload)).toBe(false);
    expect(pngSize(afterEdit.rawPayload)).toEqual({ width: 1200, height: 630 });

    await addRevenue({
      amount: '1000000.00',
      source: 'consulting',
      description: 'A big contract',
      date: '2024-07-01',
    });
    const afterRevenue = await image(milestone.id);
    expect(afterRevenue.headers.etag).not.toBe(afterEdit.headers.etag);
  });

  it('answers an unknown milestone with a 404 and a malformed id with a 400, as JSON', async () => {
    const unknown = await get('/milestones/999999/og.png');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Milestone not found' });
    const malformed = await get('/milestones/abc/og.png');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toHaveProperty('id');
  });
});

describe('links to milestone pages', () => {
  /** The path of an absolute URL on this site, to request it. */
  const pathOf = (url: string) => {
    expect(url.startsWith(`${ORIGIN}/`)).toBe(true);
    return url.slice(ORIGIN.length);
  };

  it('resolves every <loc> of the sitemap', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    const legal = LEGAL_PAGES.map((page) => ORIGIN + page.path);
    const experiments = (await call(server.app, 'GET', '/api/experiments')).json();
    expect(locations).toHaveLength(created.length + 1 + experiments.length + legal.length);
    expect(locations).toEqual(expect.arrayContaining(legal));
    for (const location of locations) {
      // The sitemap lists the legal pages from the contracts; they resolve from when the web app's
      // page table has them, and are checked from then on.
      if (legal.includes(location) && !server.app.web?.ssr.pageAt(pathOf(location))) continue;
      expect((await get(pathOf(location))).statusCode, location).toBe(200);
    }
  });

  it('resolves every item link of the RSS and Atom feeds', async () => {
    const rss = (await get('/feed.xml')).body;
    const atom = (await get('/atom.xml')).body;
    const links = [
      ...[...rss.matchAll(/<item>.*?<link>([^<]+)<\/link>/gs)].map((match) => match[1]!),
      ...[...atom.matchAll(/<entry>.*?<link[^>]*href="([^"]+)"/gs)].map((match) => match[1]!),
    ];
    expect(links).toHaveLength(created.length * 2);
    for (const link of links) expect((await get(pathOf(link))).statusCode, link).toBe(200);
  });
});
