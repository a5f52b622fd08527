/**
 * The newsletter archive end to end (docs/decisions/095-newsletter-archive.md): broadcasts sent through a
 * real SMTP server become public pages (the real web entry renders them), a list, an RSS feed and
 * sitemap entries; a private one and a draft never show; the mail links to its page. On PGlite and,
 * with TEST_DATABASE_URL, PostgreSQL.
 */
import { assignArchiveSlug, schema } from '@journey/db';
import { startSmtpSink, waitFor, type ReceivedMail, type SmtpSink } from '@journey/testing';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, fakeWebBuild, registerAdmin, WEB_ENTRY, type TestServer } from './helpers';
import { confirmReader, MAIL_PUBLIC_URL, startMailingServer } from './mail-server';

const PUBLIC_URL = MAIL_PUBLIC_URL;
const READER = 'reader@example.com';

let smtp: SmtpSink;
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startMailingServer(smtp, {
    env: { WEB_DIST_DIR: fakeWebBuild(`export * from ${JSON.stringify(WEB_ENTRY)};`) },
  });
  cookie = await registerAdmin(server.app);
  await confirmReader(server, smtp, READER);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const asAdmin = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  call(server.app, method, url, payload, cookie);

/** A public GET, as a visitor: no cookie, the site's host. */
const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { host: 'journey.example' } });

async function draft(subject: string, body: string): Promise<number> {
  const response = await asAdmin('POST', '/api/admin/broadcasts', { subject, body });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

/** Sends a draft and waits until its mail has reached the reader; the mail it sent. */
async function send(id: number): Promise<{ slug: string; mail: ReceivedMail }> {
  const before = smtp.to(READER).length;
  const sent = await asAdmin('POST', `/api/admin/broadcasts/${id}/send`);
  expect(sent.statusCode).toBe(202);
  await waitFor(`broadcast ${id} sent`, async () => {
    const status = await asAdmin('GET', `/api/admin/broadcasts/${id}`);
    return status.json().status === 'sent';
  });
  expect(smtp.to(READER)).toHaveLength(before + 1);
  const { slug } = (await asAdmin('GET', `/api/admin/broadcasts/${id}`)).json();
  return { slug, mail: smtp.to(READER).at(-1)! };
}

const setPrivate = (id: number, value: boolean) =>
  asAdmin('PUT', `/api/admin/broadcasts/${id}/visibility`, { private: value });

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['item', 'url'].includes(name),
  htmlEntities: true,
});
function parseXml(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body);
}

const listSlugs = async () =>
  ((await get('/api/newsletter/archive')).json() as { slug: string }[]).map((issue) => issue.slug);
const feedLinks = async () => {
  const feed = await get('/newsletter/feed.xml');
  expect(feed.statusCode).toBe(200);
  return ((parseXml(feed.body).rss.channel.item ?? []) as { link: string }[]).map((item) => item.link);
};
const sitemapUrls = async () =>
  ((parseXml((await get('/sitemap.xml')).body).urlset.url ?? []) as { loc: string }[]).map((url) => url.loc);

const SUBJECT = 'Week 12: the first <b>paying</b> customer & more';
const BODY = '## What happened\n\nA **real** sale. <script>alert(1)</script>\n\n[The tracker](/)';
let first: { id: number; slug: string; mail: ReceivedMail };

describe('a sent broadcast in the archive', () => {
  beforeAll(async () => {
    const id = await draft(SUBJECT, BODY);
    first = { id, ...(await send(id)) };
  });

  it('gets a slug from its subject when sent', () => {
    expect(first.slug).toBe('week-12-the-first-b-paying-b-customer-more');
  });

  it('is served as JSON with its sanitized HTML', async () => {
    const response = await get(`/api/newsletter/archive/${first.slug}`);
    expect(response.statusCode).toBe(200);
    const issue = response.json();
    expect(issue).toMatchObject({ slug: first.slug, subject: SUBJECT });
    expect(issue.html).toContain('<strong>real</strong>');
    expect(issue.html).not.toContain('<script');
    expect(new Date(issue.sentAt).getTime()).not.toBeNaN();
  });

  it('is a page of its own, with its text, date, picture and a way to subscribe', async () => {
    const page = await get(`/newsletter/${first.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<strong>real</strong>');
    expect(page.body).toContain('Week 12: the first &lt;b&gt;paying&lt;/b&gt; customer &amp; more');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain(`${PUBLIC_URL}/newsletter/${first.slug}/og.png`);
    expect(page.body).toContain('Subscribe to the newsletter');
    const image = await get(`/newsletter/${first.slug}/og.png`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('is in the list, the feed and the sitemap', async () => {
    expect(await listSlugs()).toEqual([first.slug]);
    const list = await get('/newsletter/archive');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`href="/newsletter/${first.slug}"`);
    const feed = await get('/newsletter/feed.xml');
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const channel = parseXml(feed.body).rss.channel;
    expect(channel['atom:link']['@href']).toBe(`${PUBLIC_URL}/newsletter/feed.xml`);
    expect(channel.item).toHaveLength(1);
    const [item] = channel.item;
    expect(item.link).toBe(`${PUBLIC_URL}/newsletter/${first.slug}`);
    expect(item.guid['#text']).toBe(item.link);
    expect(item.title).toBe(SUBJECT);
    // The description is the issue's HTML, as a reader renders it.
    expect(item.description).toContain('<strong>real</strong>');
    expect(new Date(item.pubDate).getTime()).not.toBeNaN();
    expect(await sitemapUrls()).toEqual(
      expect.arrayContaining([`${PUBLIC_URL}/newsletter/archive`, `${PUBLIC_URL}/newsletter/${first.slug}`]),
    );
  });

  it("links to its page from the mail's footer, in both parts, beside a working unsubscribe link", async () => {
    const url = `${PUBLIC_URL}/newsletter/${first.slug}`;
    expect(first.mail.mail.text).toContain(`Read it on the web: ${url}`);
    expect(first.mail.mail.html).toContain(`<a href="${url}" style="color:#364fc7;">Read it on the web</a>`);
    // Its unsubscribe link is the last test's: it still works once the issue is archived.
    expect(first.mail.mail.text).toMatch(
      /Unsubscribe: https:\/\/journey\.example\/newsletter\/unsubscribe\?token=/,
    );
  });
});

describe('what never shows', () => {
  it('keeps drafts out, and answers 404 for them and for unknown or malformed slugs', async () => {
    const id = await draft('Not yet sent', 'Still a draft.');
    const row = (await asAdmin('GET', `/api/admin/broadcasts/${id}`)).json();
    expect(row).toMatchObject({ slug: null, private: false });
    expect(await listSlugs()).not.toContain('not-yet-sent');
    expect((await get('/api/newsletter/archive/not-yet-sent')).statusCode).toBe(404);
    expect((await get('/newsletter/not-yet-sent')).statusCode).toBe(404);
    expect((await get('/newsletter/no-such-issue')).statusCode).toBe(404);
    expect((await get('/newsletter/no-such-issue/og.png')).statusCode).toBe(404);
    const malformed = await get('/api/newsletter/archive/Bad_Slug');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toHaveProperty('slug');
  });

  it('hides a private one everywhere as if it did not exist, and shows it again when made public', async () => {
    const id = await draft('Only for subscribers', 'A private word.');
    const { slug } = await send(id);
    expect(await listSlugs()).toContain(slug);

    const made = await setPrivate(id, true);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id, slug, private: true });
    // Same answers as for a slug that never existed, and the cached ones are gone at once.
    const api = await get(`/api/newsletter/archive/${slug}`);
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('Issue not found');
    expect((await get(`/newsletter/${slug}`)).statusCode).toBe(404);
    expect((await get(`/newsletter/${slug}/og.png`)).statusCode).toBe(404);
    expect(await listSlugs()).not.toContain(slug);
    expect((await feedLinks()).some((link) => link.endsWith(`/${slug}`))).toBe(false);
    expect((await sitemapUrls()).some((url) => url.endsWith(`/${slug}`))).toBe(false);

    expect((await setPrivate(id, false)).statusCode).toBe(200);
    expect((await get(`/newsletter/${slug}`)).statusCode).toBe(200);
    expect(await listSlugs()).toContain(slug);
  });

  it('leaves the web link out of the mail of a broadcast made private before it was sent', async () => {
    const id = await draft('Private from the start', 'Subscribers only.');
    expect((await setPrivate(id, true)).statusCode).toBe(200);
    const { slug, mail } = await send(id);
    expect(mail.mail.subject).toBe('Private from the start');
    expect(mail.mail.text).not.toContain('Read it on the web');
    expect(mail.mail.html).not.toContain(`/newsletter/${slug}`);
    expect(mail.mail.text).toMatch(
      /Unsubscribe: https:\/\/journey\.example\/newsletter\/unsubscribe\?token=/,
    );
    expect((await get(`/newsletter/${slug}`)).statusCode).toBe(404);
  });
});

describe('slugs and the visibility switch', () => {
  it('gives a repeated subject the next free suffix, and never a reserved address', async () => {
    const a = await send(await draft('Same subject', 'One.'));
    const b = await send(await draft('Same subject', 'Two.'));
    const c = await send(await draft('Same subject!', 'Three.'));
    expect([a.slug, b.slug, c.slug]).toEqual(['same-subject', 'same-subject-2', 'same-subject-3']);
    expect((await get('/api/newsletter/archive/same-subject-2')).json().html).toContain('Two.');
    const archive = await send(await draft('Archive', 'A subject that names the list.'));
    expect(archive.slug).toBe('archive-2');
    const symbols = await send(await draft('!!!', 'No letters at all.'));
    expect(symbols.slug).toBe('issue');
    // The list is still the list.
    expect((await get('/api/newsletter/archive')).statusCode).toBe(200);
  });

  it("keeps a draft's slug on a second try, and never moves a sent one's", async () => {
    const id = await draft('Tried twice', 'A send that did not go ahead the first time.');
    const slugOf = async (broadcastId: number) =>
      (await asAdmin('GET', `/api/admin/broadcasts/${broadcastId}`)).json().slug;
    await assignArchiveSlug(server.db, id);
    await assignArchiveSlug(server.db, id);
    expect(await slugOf(id)).toBe('tried-twice');
    await assignArchiveSlug(server.db, first.id);
    expect(await slugOf(first.id)).toBe(first.slug);
    // A draft with a slug is still no issue.
    expect((await get('/api/newsletter/archive/tried-twice')).statusCode).toBe(404);
  });

  it('lists the issues newest first', async () => {
    const slugs = await listSlugs();
    expect(slugs.slice(0, 4)).toEqual(['issue', 'archive-2', 'same-subject-3', 'same-subject-2']);
    expect(slugs.at(-1)).toBe(first.slug);
  });

  it('refuses bad input with field errors, an unknown id with 404 and a visitor with 401', async () => {
    const bad = await asAdmin('PUT', `/api/admin/broadcasts/${first.id}/visibility`, { private: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('private');
    const missing = await asAdmin('PUT', `/api/admin/broadcasts/${first.id}/visibility`, {});
    expect(missing.statusCode).toBe(400);
    expect((await setPrivate(999_999, true)).statusCode).toBe(404);
    const visitor = await call(server.app, 'PUT', `/api/admin/broadcasts/${first.id}/visibility`, {
      private: true,
    });
    expect(visitor.statusCode).toBe(401);
    expect(await listSlugs()).toContain(first.slug);
  });

  it('records the switch in the audit trail', async () => {
    expect((await setPrivate(first.id, true)).statusCode).toBe(200);
    expect((await setPrivate(first.id, false)).statusCode).toBe(200);
    const rows = await server.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.action, 'broadcast.visibility-changed'));
    const mine = rows.filter((row) => row.subject === `broadcast:${first.id}`);
    expect(mine.map((row) => row.detail)).toEqual([{ private: true }, { private: false }]);
  });

  it('drops the deleted sent broadcast from the archive', async () => {
    const { slug } = await send(await draft('To be deleted', 'Gone soon.'));
    expect(await listSlugs()).toContain(slug);
    const id = (await asAdmin('GET', '/api/admin/broadcasts'))
      .json()
      .find((b: { slug: string }) => b.slug === slug).id;
    expect((await call(server.app, 'POST', '/api/trpc/newsletter.delete', { id }, cookie)).statusCode).toBe(
      200,
    );
    expect(await listSlugs()).not.toContain(slug);
    expect((await get(`/newsletter/${slug}`)).statusCode).toBe(404);
  });
});

describe('the mail of an archived issue', () => {
  it('still unsubscribes through its link', async () => {
    const token = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9_%-]+)/.exec(first.mail.mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    const response = await call(server.app, 'POST', '/api/subscribers/unsubscribe', {
      token: decodeURIComponent(token!),
    });
    expect(response.statusCode).toBe(200);
    const [row] = await server.db
      .select()
      .from(schema.subscribers)
      .where(eq(schema.subscribers.email, READER));
    expect(row!.status).toBe('unsubscribed');
    // The archive does not depend on who is subscribed.
    expect((await get(`/newsletter/${first.slug}`)).statusCode).toBe(200);
  });
});
