import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultSettings, LEGAL_PAGES, type PublicSettings, type Settings } from '@journey/contracts';
import { schema } from '@journey/db';
import { findUnsafeMarkup, XSS_PAYLOADS } from '@journey/testing/xss-payloads';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_MAX_AGE_MS } from '../src/features/auth/session';
import { DEVICE_COOKIE } from '../src/features/auth/trusted-device';
import { FOREIGN_ORIGIN_MESSAGE, JSON_REQUIRED_MESSAGE } from '../src/plugins/app/cross-site';
import { SESSION_COOKIE } from '../src/plugins/external/session';
import { ADMIN, call, startTestServer, type TestServer } from './helpers';
import { waitFor } from './support/http';

const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);
const DEFAULTS = () => defaultSettings({ productName: 'Rocket', today: today() });
/** What a reader is answered: the stored record without the checklist's dismissal. */
const publicOf = ({
  setupDismissed: _dismissed,
  syncIntervalMinutes: _interval,
  ...rest
}: Settings): PublicSettings => rest;

let server: TestServer;
let cookie: string;
let registration: Awaited<ReturnType<TestServer['app']['inject']>>;
beforeAll(async () => {
  server = await startTestServer({ env: { SITE_PRODUCT_NAME: 'Rocket' } });
  registration = await server.app.inject({ method: 'POST', url: '/api/register', payload: ADMIN });
  const session = registration.cookies.find((c) => c.name === SESSION_COOKIE);
  cookie = `${session?.name}=${session?.value}`;
});
afterAll(() => server?.close());

const get = (url: string) => call(server.app, 'GET', url);
/** As the admin, or with the cookie given (none: `null`). */
const put = (body: unknown, as: string | null = cookie) =>
  call(server.app, 'PUT', '/api/admin/settings', body, as ?? undefined);
const stored = async () => (await server.db.select().from(schema.siteSettings))[0]?.value;

describe('settings on a new database', () => {
  it('are the defaults, with the product name of SITE_PRODUCT_NAME and the journey starting today', async () => {
    const response = await get('/api/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(publicOf(DEFAULTS()));
    expect(response.json()).not.toHaveProperty('setupDismissed');
    expect(response.json()).not.toHaveProperty('syncIntervalMinutes');
    expect(response.json()).toMatchObject({ siteName: 'Solo Rocket', productName: 'Rocket' });
    expect(await stored()).toEqual(DEFAULTS());
  });

  it('answer the site info without Markdown', async () => {
    const { siteName, productName, contactEmail, links, journeyStartDate, computedStats } = DEFAULTS();
    expect((await get('/api/settings/site')).json()).toEqual({
      siteName,
      productName,
      contactEmail,
      links,
      journeyStartDate,
      computedStats,
    });
  });

  it("answer 'The Spark' as HTML, its quote apart", async () => {
    const story = (await get('/api/settings/story')).json();
    expect(story.quoteHtml).toBe(
      '<p>The tools finally outgrew the team. What if the company is just me, and everything else is leverage?</p>\n' +
        '<p>— a note to myself, 2:14 a.m.</p>',
    );
    expect(story.bodyHtml.match(/<p>/g)).toHaveLength(4);
    expect(story.bodyHtml).toMatch(/^<p>It started on an ordinary Tuesday/);
    expect(story.bodyHtml).toContain('The first solo AI-powered\nRocket.');
  });

  it('answer each legal page with its title, as HTML that starts with the template note', async () => {
    for (const page of LEGAL_PAGES) {
      const response = await get(`/api/settings/legal/${page.key}`);
      expect(response.statusCode, page.key).toBe(200);
      expect(response.json().title).toBe(page.title);
      expect(response.json().html).toMatch(/^<blockquote>\n<p><strong>This is a template\.<\/strong>/);
    }
    const trpc = await get(`/api/trpc/settings.legal?input=${encodeURIComponent('{"page":"terms"}')}`);
    expect(trpc.json().result.data.title).toBe('Terms of Service');
    const unknown = await get('/api/settings/legal/imprint');
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['page']);
  });

  it('name in the legal templates the cookies and storage the site really uses', async () => {
    const { cookies, privacy } = DEFAULTS().legal;
    const session = registration.cookies.find((c) => c.name === SESSION_COOKIE);
    const device = registration.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const lifetime = (session?.expires?.getTime() ?? 0) - Date.now();
    expect(Math.abs(lifetime - SESSION_MAX_AGE_MS)).toBeLessThan(60_000);
    expect(device).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api',
      maxAge: (365 * DAY_MS) / 1000,
    });
    expect(registration.cookies.map((c) => c.name).sort()).toEqual([DEVICE_COOKIE, SESSION_COOKIE].sort());
    expect(cookies).toContain(
      `| \`${SESSION_COOKIE}\` | Keeps the owner signed in. Holds a random token; the server stores only a hash of it. | ` +
        `${SESSION_MAX_AGE_MS / DAY_MS} days from its last use, at most ${SESSION_ABSOLUTE_MS / DAY_MS} days from signing in;`,
    );
    expect(cookies).toContain('HttpOnly, SameSite=Lax, Secure over HTTPS |');
    expect(cookies).toContain(`| \`${DEVICE_COOKIE}\` |`);
    expect(cookies).toContain('| 1 year | Strictly necessary, first-party, HttpOnly, SameSite=Strict');
    // The colour scheme's key, as the page's first script reads it.
    const indexHtml = readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
    const key = /localStorage\.getItem\('([^']+)'\)/.exec(indexHtml)?.[1];
    expect(cookies).toContain(`under the name \`${key}\``);
    expect(privacy).toContain('the IP address the request came from');
    // An anonymous reader gets no cookie from any public answer.
    for (const url of ['/api/settings', '/api/settings/story', '/feed.xml'])
      expect((await get(url)).headers['set-cookie'], url).toBeUndefined();
  });
});

const EDITED: PublicSettings = {
  siteName: 'Pegasus <Labs> & "Friends"',
  productName: 'Pegasus',
  story: '> Why not?\n\nA **new** story, with [a link](https://example.com).',
  contactEmail: 'owner@example.com',
  links: {
    twitter: 'https://x.com/owner',
    github: 'https://github.com/owner',
    linkedin: '',
    youtube: '',
    podcast: 'https://podcast.example/feed',
  },
  journeyStartDate: '2024-01-15',
  computedStats: true,
  forecastTargetMonth: '2035-06',
  privacy: { total: 'range', bySource: 'exact', monthly: 'hidden', mrr: 'exact', experiments: 'range' },
  legal: { privacy: '# Privacy\n\nNothing.', terms: '# Terms\n\nBe nice.', cookies: '# Cookies\n\nNone.' },
};

describe('saving the settings', () => {
  it('refuses an anonymous PUT with 401 and changes nothing', async () => {
    const before = await stored();
    for (const as of [null, 'journey_session=forged.token']) {
      const response = await put(EDITED, as);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toHaveProperty('message');
    }
    expect(await stored()).toEqual(before);
    expect((await get('/api/settings')).json()).toEqual(publicOf(DEFAULTS()));
  });

  it('refuses a cross-site PUT (403) and one whose body is not JSON (415), changing nothing', async () => {
    const before = await stored();
    const send = (headers: Record<string, string>, payload: string) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { cookie, ...headers },
        payload,
      });
    const json = JSON.stringify(EDITED);
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      const response = await send({ 'content-type': 'application/json', ...headers }, json);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: FOREIGN_ORIGIN_MESSAGE });
    }
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await send({ 'content-type': type }, json);
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({ message: JSON_REQUIRED_MESSAGE });
    }
    expect(await stored()).toEqual(before);
  });

  it('saves the whole record as the admin, answers it, and every read has it at once', async () => {
    // Read first, so the cache holds the old answers.
    for (const url of ['/api/settings', '/api/settings/site', '/api/settings/story']) await get(url);
    const response = await put({ ...EDITED, contactEmail: '  Owner@Example.com ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(EDITED);
    expect((await get('/api/settings')).json()).toEqual(EDITED);
    expect((await get('/api/settings/site')).json()).toMatchObject({
      siteName: EDITED.siteName,
      productName: 'Pegasus',
    });
    expect((await get('/api/settings/story')).json()).toEqual({
      quoteHtml: '<p>Why not?</p>',
      bodyHtml:
        '<p>A <strong>new</strong> story, with <a href="https://example.com" rel="noopener noreferrer nofollow">a link</a>.</p>',
    });
    expect((await get('/api/settings/legal/terms')).json()).toEqual({
      title: 'Terms of Service',
      html: '<h1>Terms</h1>\n<p>Be nice.</p>',
    });
    expect(await stored()).toEqual({ ...EDITED, setupDismissed: false, syncIntervalMinutes: 15 });
  });

  it('saves through tRPC the same way', async () => {
    const response = await call(
      server.app,
      'POST',
      '/api/trpc/settings.update',
      { ...EDITED, productName: 'Pony' },
      cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.data.productName).toBe('Pony');
    expect((await put(EDITED)).statusCode).toBe(200);
  });

  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  const withLinks = (links: Partial<Settings['links']>) => ({
    ...EDITED,
    links: { ...EDITED.links, ...links },
  });
  const withLegal = (legal: Partial<Settings['legal']>) => ({
    ...EDITED,
    legal: { ...EDITED.legal, ...legal },
  });
  const { links: _links, legal: _legal, journeyStartDate: _start, ...withoutThree } = EDITED;
  const { youtube: _youtube, ...fourLinks } = EDITED.links;

  it.each([
    ['a one-character site name', { ...EDITED, siteName: 'x' }, ['siteName']],
    ['a two-line site name', { ...EDITED, siteName: 'Two\nlines' }, ['siteName']],
    ['an empty product name', { ...EDITED, productName: '  ' }, ['productName']],
    ['an http link', withLinks({ twitter: 'http://x.com' }), ['links.twitter']],
    ['a javascript: link', withLinks({ github: 'javascript:alert(1)' }), ['links.github']],
    ['a link with no host', withLinks({ linkedin: 'https://' }), ['links.linkedin']],
    ['a contact that is no email', { ...EDITED, contactEmail: 'nope' }, ['contactEmail']],
    ['a start in the future', { ...EDITED, journeyStartDate: inDays(3) }, ['journeyStartDate']],
    ['a start before 2000', { ...EDITED, journeyStartDate: '1999-12-31' }, ['journeyStartDate']],
    ['a start that is no date', { ...EDITED, journeyStartDate: '2024-02-30' }, ['journeyStartDate']],
    [
      'a forecast target that is no month',
      { ...EDITED, forecastTargetMonth: '2035-13' },
      ['forecastTargetMonth'],
    ],
    ['a forecast target in the past', { ...EDITED, forecastTargetMonth: '2020-01' }, ['forecastTargetMonth']],
    ['a forecast target after 2100', { ...EDITED, forecastTargetMonth: '2101-01' }, ['forecastTargetMonth']],
    ['a stat switch that is no boolean', { ...EDITED, computedStats: 'yes' }, ['computedStats']],
    ['a story of 20,001 characters', { ...EDITED, story: 'x'.repeat(20_001) }, ['story']],
    ['a privacy policy of 50,001 characters', withLegal({ privacy: 'x'.repeat(50_001) }), ['legal.privacy']],
    ['a NUL in the terms', withLegal({ terms: 'a\u0000b' }), ['legal.terms']],
    ['three fields left out', withoutThree, ['links', 'journeyStartDate', 'legal']],
    ['a link left out', { ...EDITED, links: fourLinks }, ['links.youtube']],
    [
      'wrong types',
      {
        ...EDITED,
        siteName: 42,
        story: null,
        links: 'x',
        legal: { ...EDITED.legal, cookies: 5 },
        journeyStartDate: 20240101,
      },
      ['siteName', 'story', 'links', 'journeyStartDate', 'legal.cookies'],
    ],
    [
      'everything wrong at once',
      {
        siteName: 'x',
        productName: '',
        story: 'x'.repeat(20_001),
        contactEmail: 'nope',
        links: { ...EDITED.links, twitter: 'http://x.com', github: 'javascript:alert(1)' },
        journeyStartDate: '1999-12-31',
        legal: { ...EDITED.legal, privacy: 'x'.repeat(50_001) },
      },
      [
        'siteName',
        'productName',
        'story',
        'contactEmail',
        'links.twitter',
        'links.github',
        'journeyStartDate',
        'legal.privacy',
      ],
    ],
  ])('refuses %s with 400 naming each field, saving nothing', async (_name, body, fields) => {
    const before = await stored();
    const response = await put(body);
    expect(response.statusCode).toBe(400);
    const { message, errors } = response.json();
    expect(Object.keys(errors).sort()).toEqual([...fields].sort());
    expect(message).toBe(Object.values(errors)[0]);
    expect(await stored()).toEqual(before);
  });

  it('saves a record without the fields added later, as their defaults', async () => {
    const { computedStats: _stats, forecastTargetMonth: _target, ...older } = EDITED;
    const response = await put(older);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...EDITED, computedStats: false, forecastTargetMonth: '' });
  });

  it('refuses a body that is no object', async () => {
    for (const body of ['"text"', '[]', 'null']) {
      const response = await server.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { cookie, 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.statusCode, body).toBe(400);
    }
  });
});

// Numeric character references too: RSS titles write &, < and > as &#x26;, &#x3C; and &#x3E; (decision 057).
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', htmlEntities: true });
function parseXml(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  return xml.parse(body);
}

describe('what the server builds from the settings', () => {
  it('titles the feeds with the site name at once after a save, and keeps them well-formed', async () => {
    const titles = async () => ({
      rss: parseXml((await get('/feed.xml')).body).rss.channel.title,
      atom: parseXml((await get('/atom.xml')).body).feed.title['#text'],
    });
    expect(await titles()).toEqual({
      rss: `${EDITED.siteName} · Milestones`,
      atom: `${EDITED.siteName} · Milestones`,
    });
    const siteName = `Tom & "Jerry's" <b>'Co'</b> ]]>`;
    expect((await put({ ...EDITED, siteName })).statusCode).toBe(200);
    expect(await titles()).toEqual({ rss: `${siteName} · Milestones`, atom: `${siteName} · Milestones` });
    expect(parseXml((await get('/atom.xml')).body).feed.author.name).toBe(siteName);
  });

  it('draws the site name on the preview images, drawing them again after a save', async () => {
    const milestone = await call(
      server.app,
      'POST',
      '/api/milestones',
      { title: 'Launch', description: 'The tracker went live.', date: '2024-02-01', day: 18 },
      cookie,
    );
    const image = async () => (await get(`/milestones/${milestone.json().id}/og.png`)).headers.etag;
    const before = await image();
    expect(await image()).toBe(before);
    expect((await put({ ...EDITED, siteName: 'A new name' })).statusCode).toBe(200);
    expect(await image()).not.toBe(before);
  });

  it('lists the legal pages in the sitemap', async () => {
    const locations = parseXml((await get('/sitemap.xml')).body).urlset.url.map(
      (url: { loc: string }) => url.loc,
    );
    for (const page of LEGAL_PAGES) expect(locations).toContain(`http://localhost:80${page.path}`);
  });

  it('drops the cached answers when the settings change in the database itself', async () => {
    await get('/api/settings/site');
    await server.db
      .update(schema.siteSettings)
      .set({ value: { ...EDITED, siteName: 'Written with SQL' } })
      .where(eq(schema.siteSettings.id, 1));
    await waitFor(
      'the SQL write in GET /api/settings/site',
      async () => (await get('/api/settings/site')).json().siteName === 'Written with SQL',
      // A hang guard: the 1 s promise is timed in the slow suite's two-processes.test.ts (decision 058).
      { timeoutMs: 30_000, everyMs: 20 },
    );
  });
});

describe('the story and the legal pages with hostile Markdown', () => {
  const unsafe = (html: string) => [
    ...findUnsafeMarkup(html),
    ...[/<script/i, /onerror=/i, /<[^>]*javascript:/i, /<[^>]*data:/i, /<[^>]*style=/i]
      .filter((pattern) => pattern.test(html))
      .map(String),
  ];

  it.each(XSS_PAYLOADS.map((payload) => [payload]))('render %j as sanitized HTML', async (payload) => {
    const saved = await put({
      ...EDITED,
      story: `> ${payload}\n\n${payload}`,
      legal: { privacy: payload, terms: `# Terms\n\n${payload}`, cookies: `- ${payload}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { quoteHtml, bodyHtml } = (await get('/api/settings/story')).json();
    expect(unsafe(`${quoteHtml ?? ''}\n${bodyHtml}`)).toEqual([]);
    for (const page of LEGAL_PAGES)
      expect(unsafe((await get(`/api/settings/legal/${page.key}`)).json().html), page.key).toEqual([]);
  });
});
