import { escapeMarkup, LEGAL_PAGES, milestonePath } from '@journey/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerAdmin, startTestServer, type TestServer } from './helpers';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // One element or many, always a list, so a feed of one item reads like a feed of three.
  isArray: (name, jpath) =>
    ['item', 'entry', 'url'].includes(name) || (String(jpath).startsWith('feed.') && name === 'link'),
  // RSS titles write & < > as hexadecimal character references (the RSS Best Practices Profile).
  htmlEntities: true,
});

/** What an RSS reader renders as a description's HTML to show `text`: the text escaped, its lines kept. */
const descriptionHtml = (text: string) => escapeMarkup(text).replace(/\r?\n/g, '<br />');

/** Parses with a real XML parser after checking the document is well-formed. */
function parseXml(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body);
}

const HOST = 'journey.example';
const ORIGIN = `http://${HOST}`;
const LEGAL_URLS = LEGAL_PAGES.map((page) => ORIGIN + page.path);
/** The seeded experiments' pages (docs/decisions/081-experiment-state.md). */
const LAB_URLS = [
  'solo-app-builds',
  'rewriting-history',
  'public-domain-flipping',
  'self-improvement-ai',
  'ai-startup-studio',
].map((slug) => `${ORIGIN}/lab/${slug}`);
const get = (app: TestServer['app'], url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });

// Titles and texts full of what XML must escape; the dates are out of id order on purpose.
const MILESTONES = [
  {
    title: 'First <b>paying</b> customer & "more"',
    description: "Tom & Jerry's <script>alert(1)</script> agency paid the first invoice.",
    date: '2024-03-10',
    day: 70,
    isRevenue: 1,
    amount: '120.00',
  },
  {
    title: 'Started the journey',
    description: 'Day one: the plan, the tracker and a blank page.',
    date: '2024-01-01',
    day: 1,
    isRevenue: 0,
  },
  {
    title: "Crossed $1,000 < $1B but it's a start",
    description: 'Revenue passed one thousand dollars & kept going.',
    date: '2024-06-30',
    day: 182,
    isRevenue: 0,
  },
];

describe('feeds, sitemap and robots.txt', () => {
  let server: TestServer;
  let cookie: string;
  const created: { id: number; title: string; description: string; date: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    cookie = await registerAdmin(server.app);
  });
  afterAll(() => server?.close());

  it('serves valid, empty feeds and a sitemap of the landing page before any milestone', async () => {
    const rss = await get(server.app, '/feed.xml');
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const channel = parseXml(rss.body).rss.channel;
    expect(channel.title).toBe('Solo Unicorn · Milestones');
    expect(channel.link).toBe(`${ORIGIN}/`);
    expect(channel.item).toBeUndefined();

    const atom = await get(server.app, '/atom.xml');
    expect(atom.statusCode).toBe(200);
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(parseXml(atom.body).feed.entry).toBeUndefined();

    const sitemap = parseXml((await get(server.app, '/sitemap.xml')).body);
    expect(sitemap.urlset.url.map((url: { loc: string }) => url.loc)).toEqual([
      `${ORIGIN}/`,
      ...LAB_URLS,
      ...LEGAL_URLS,
    ]);
  });

  it('lists every milestone newest first in RSS 2.0, escaped and with permalinks', async () => {
    // Read once so a cached copy exists: the writes below must replace it.
    const before = await get(server.app, '/feed.xml');
    for (const milestone of MILESTONES) {
      const response = await call(server.app, 'POST', '/api/milestones', milestone, cookie);
      expect(response.statusCode).toBe(201);
      created.push(response.json());
    }
    const rss = await get(server.app, '/feed.xml');
    expect(rss.headers.etag).not.toBe(before.headers.etag);
    // Nothing the milestones hold reaches the XML unescaped.
    expect(rss.body).not.toContain('<b>');
    expect(rss.body).not.toContain('<script>');
    // A title is plain text, its & < > as hexadecimal references, which the most readers show as
    // text; a description is HTML, escaped once more for XML, so the markup in the text shows as text.
    expect(rss.body).toContain(
      '<title>First &#x3C;b&#x3E;paying&#x3C;/b&#x3E; customer &#x26; "more"</title>',
    );
    expect(rss.body).toContain(
      '<description>Tom &amp;amp; Jerry&amp;apos;s &amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt; agency paid the first invoice.</description>',
    );

    const document = parseXml(rss.body);
    expect(document.rss['@version']).toBe('2.0');
    const channel = document.rss.channel;
    expect(channel.description).toEqual(expect.any(String));
    const newestFirst = [...created].sort((a, b) => b.date.localeCompare(a.date));
    expect(channel.item.map((item: { title: string }) => item.title)).toEqual(
      newestFirst.map((m) => m.title),
    );
    for (const [index, item] of channel.item.entries()) {
      const milestone = newestFirst[index]!;
      const permalink = `${ORIGIN}/milestones/${milestone.id}-`;
      expect(item.link).toBe(ORIGIN + milestonePath(milestone));
      expect(item.link.startsWith(permalink)).toBe(true);
      expect(item.guid['#text']).toBe(item.link);
      expect(item.guid['@isPermaLink']).toBe('true');
      expect(item.description).toBe(descriptionHtml(milestone.description));
      expect(new Date(item.pubDate).toISOString()).toBe(milestone.date);
    }
    expect(channel.item[1].link).toBe(
      `${ORIGIN}/milestones/${created[0]!.id}-first-b-paying-b-customer-more`,
    );
  });

  it('lists the same milestones newest first in Atom with the required elements', async () => {
    const atom = await get(server.app, '/atom.xml');
    expect(atom.body).not.toContain('<script>');
    const feed = parseXml(atom.body).feed;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe(`${ORIGIN}/`);
    expect(feed.title['#text']).toBe('Solo Unicorn · Milestones');
    const newestFirst = [...created].sort((a, b) => b.date.localeCompare(a.date));
    expect(feed.updated).toBe(newestFirst[0]!.date);
    expect(feed.link.map((link: { '@rel': string }) => link['@rel']).sort()).toEqual(['alternate', 'self']);
    expect(feed.author.name).toEqual(expect.any(String));
    expect(
      feed.entry.map((entry: { id: string; title: { '#text': string }; updated: string }) => ({
        id: entry.id,
        title: entry.title['#text'],
        updated: entry.updated,
      })),
    ).toEqual(newestFirst.map((m) => ({ id: ORIGIN + milestonePath(m), title: m.title, updated: m.date })));
    for (const [index, entry] of feed.entry.entries()) {
      expect(entry.link[0]['@href']).toBe(entry.id);
      expect(entry.content['#text']).toBe(newestFirst[index]!.description);
    }
  });

  it('shows a new milestone in both feeds right after it is created', async () => {
    const milestone = {
      title: 'Newest & latest',
      description: 'Created after the feeds were read and cached.',
      date: '2024-07-01',
      day: 183,
      isRevenue: 0,
    };
    const response = await call(server.app, 'POST', '/api/milestones', milestone, cookie);
    expect(response.statusCode).toBe(201);
    const id = response.json().id as number;
    const rss = parseXml((await get(server.app, '/feed.xml')).body);
    expect(rss.rss.channel.item[0].title).toBe('Newest & latest');
    expect(rss.rss.channel.item[0].link).toBe(`${ORIGIN}/milestones/${id}-newest-latest`);
    const atom = parseXml((await get(server.app, '/atom.xml')).body);
    expect(atom.feed.entry[0].id).toBe(`${ORIGIN}/milestones/${id}-newest-latest`);
    created.push(response.json());
  });

  it('pins the public ledger’s row count and head in both feeds, moved by a revenue write', async () => {
    const ledgerOf = (body: string) => {
      const match = /<journey:ledger rows="(\d+)"(?: head="([0-9a-f]{64})")? href="([^"]+)"\/>/.exec(body);
      return match ? { rows: Number(match[1]), head: match[2] ?? null, href: match[3] } : null;
    };
    const before = ledgerOf((await get(server.app, '/feed.xml')).body);
    expect(before).toMatchObject({ href: `${ORIGIN}/ledger` });
    const created = await call(
      server.app,
      'POST',
      '/api/revenue',
      { amount: '12.00', source: 'ai', description: 'Pinned in the feeds', date: '2024-05-01' },
      cookie,
    );
    expect(created.statusCode).toBe(201);
    const verification = (await get(server.app, '/api/public/verification.json')).json();
    for (const path of ['/feed.xml', '/atom.xml']) {
      const body = (await get(server.app, path)).body;
      expect(XMLValidator.validate(body), path).toBe(true);
      expect(ledgerOf(body), path).toEqual({ ...verification.ledger, href: `${ORIGIN}/ledger` });
    }
    expect(verification.ledger.rows).toBe(before!.rows + 1);
  });

  it('revalidates the feeds with their ETag', async () => {
    const first = await get(server.app, '/feed.xml');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(server.app, '/feed.xml', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('lists the landing page, every milestone and experiment page and the legal pages in the sitemap', async () => {
    const response = await get(server.app, '/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urlset = parseXml(response.body).urlset;
    expect(urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locations = urlset.url.map((url: { loc: string }) => url.loc);
    expect(locations.sort()).toEqual(
      [`${ORIGIN}/`, ...created.map((m) => ORIGIN + milestonePath(m)), ...LAB_URLS, ...LEGAL_URLS].sort(),
    );
    const dated = urlset.url.filter((url: { lastmod?: string }) => url.lastmod);
    expect(dated).toHaveLength(created.length);
  });

  it('serves robots.txt naming the sitemap and keeping crawlers out of the admin pages', async () => {
    const response = await get(server.app, '/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('removes a deleted milestone from the feeds and the sitemap at once', async () => {
    const gone = created.pop()!;
    expect(
      (await call(server.app, 'DELETE', `/api/admin/milestones/${gone.id}`, undefined, cookie)).statusCode,
    ).toBe(204);
    expect((await get(server.app, '/feed.xml')).body).not.toContain(milestonePath(gone));
    expect((await get(server.app, '/sitemap.xml')).body).not.toContain(milestonePath(gone));
  });
});

describe('feeds with PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a trusted proxy, which passes X-Forwarded-Host on.
    server = await startTestServer({
      env: { PUBLIC_URL: 'https://journey.example.com', TRUST_PROXY: 'true' },
    });
  });
  afterAll(() => server?.close());

  it('names the configured origin whatever host the request came to', async () => {
    const rss = parseXml((await get(server.app, '/feed.xml')).body);
    expect(rss.rss.channel.link).toBe('https://journey.example.com/');
    const robots = (await get(server.app, '/robots.txt')).body;
    expect(robots).toContain('Sitemap: https://journey.example.com/sitemap.xml');
    // A forged Host or X-Forwarded-Host (DNS rebinding, a header the proxy passed on) never lands in a link.
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    for (const url of ['/feed.xml', '/atom.xml', '/sitemap.xml', '/robots.txt']) {
      const body = (await get(server.app, url, forged)).body;
      expect(body, url).toContain('https://journey.example.com/');
      expect(body, url).not.toContain('evil.example');
    }
  });
});
