/**
 * The monthly digest (docs/decisions/097-automatic-mail.md), through a real SMTP server: with it on and
 * the month over, the daily job drafts the month's figures, milestones and experiments, and nothing is
 * mailed until the owner approves it (the ordinary send); then each confirmed subscriber gets it once.
 * Drafted once per month, never while off, and a figure the privacy hides is not in it. On PGlite
 * and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { EXACT_PRIVACY, type PrivacySettings } from '@journey/contracts';
import { schema } from '@journey/db';
import { startSmtpSink, waitFor, type SmtpSink } from '@journey/testing';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftDueDigest } from '../src/features/newsletter-digest/job';
import { call, registerAdmin, type TestServer } from './helpers';
import { confirmReader, MAIL_PUBLIC_URL, startMailingServer } from './mail-server';

const PUBLIC_URL = MAIL_PUBLIC_URL;
const READERS = ['first@example.com', 'second@example.com'];
const PENDING = 'pending@example.com';
/** Early November 2026: October is the last complete month. */
const NOVEMBER = new Date('2026-11-02T06:00:00.000Z');

let smtp: SmtpSink;
let server: TestServer;
let cookie: string;
let clock = new Date('2026-10-20T12:00:00.000Z');

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startMailingServer(smtp, {
    signupRateLimit: { perIp: 1000, windowMs: 60_000 },
    now: () => clock,
  });
  cookie = await registerAdmin(server.app);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const asAdmin = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  call(server.app, method, url, payload, cookie);

async function setPrivacy(privacy: PrivacySettings) {
  const settings = (await call(server.app, 'GET', '/api/settings')).json();
  const saved = await asAdmin('PUT', '/api/admin/settings', { ...settings, privacy });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function addExperiment(title: string, slug: string): Promise<number> {
  const created = await asAdmin('POST', '/api/experiments', {
    title,
    slug,
    description: `An experiment called ${title}, to see what it earns.`,
    status: 'Active',
    statusColor: 'text-blue-500',
    projectCount: 1,
    imageUrl: 'https://images.example.com/x.png',
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

const digests = () =>
  server.db.select().from(schema.broadcasts).where(eq(schema.broadcasts.origin, 'digest'));
const digestMails = (email: string) =>
  smtp.to(email).filter((mail) => mail.mail.subject?.includes('in review'));
const queued = () => server.db.$count(schema.mailQueue, eq(schema.mailQueue.kind, 'broadcast'));
/** Lets the workers run a while: whatever would be sent has been by then. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('the monthly digest', () => {
  it('answers 401 without a session and 400 for bad input', async () => {
    expect((await call(server.app, 'GET', '/api/admin/newsletter/digest')).statusCode).toBe(401);
    expect(
      (await call(server.app, 'PUT', '/api/admin/newsletter/digest', { enabled: true })).statusCode,
    ).toBe(401);
    expect((await call(server.app, 'POST', '/api/admin/newsletter/digest/draft')).statusCode).toBe(401);
    for (const body of [{ enabled: 'yes' }, {}, [true]]) {
      const response = await asAdmin('PUT', '/api/admin/newsletter/digest', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const wrong = await asAdmin('PUT', '/api/admin/newsletter/digest', { enabled: 'yes' });
    expect(wrong.body).toContain('Enabled must be true or false.');
  });

  it('is off by default, and off the daily job drafts nothing', async () => {
    expect((await asAdmin('GET', '/api/admin/newsletter/digest')).json()).toEqual({
      enabled: false,
      pending: null,
      pendingMonth: null,
    });
    expect(await draftDueDigest(server.app, NOVEMBER)).toBeNull();
    expect(await digests()).toHaveLength(0);
  });

  it("on, drafts nothing while the month is not over, then drafts October's once it is", async () => {
    for (const email of READERS) await confirmReader(server, smtp, email);
    expect(
      (await call(server.app, 'POST', '/api/subscribers', { email: PENDING, consent: true })).statusCode,
    ).toBe(201);
    // September and October's revenue, an October milestone, experiments started, paused and killed.
    for (const entry of [
      { amount: '100.00', source: 'ai', description: 'September client', date: '2026-09-10' },
      { amount: '1234.56', source: 'ai', description: 'October client', date: '2026-10-05' },
    ])
      expect((await asAdmin('POST', '/api/revenue', entry)).statusCode).toBe(201);
    const milestone = await asAdmin('POST', '/api/milestones', {
      title: 'First thousand',
      description: 'A thousand dollars in a month.',
      date: '2026-10-12',
      day: 300,
    });
    expect(milestone.statusCode, milestone.body).toBe(201);
    const september = await asAdmin('POST', '/api/milestones', {
      title: 'September news',
      description: 'Something from September.',
      date: '2026-09-12',
      day: 270,
    });
    expect(september.statusCode).toBe(201);
    const started = await addExperiment('Template Shop', 'template-shop');
    const paused = await addExperiment('Cold Outreach', 'cold-outreach');
    const killed = await addExperiment('Paid Ads', 'paid-ads');
    const inOctober = new Date('2026-10-15T10:00:00.000Z');
    const inSeptember = new Date('2026-09-15T10:00:00.000Z');
    await server.db
      .update(schema.experiments)
      .set({ createdAt: inOctober })
      .where(eq(schema.experiments.id, started));
    await server.db
      .update(schema.experiments)
      .set({ createdAt: inSeptember, state: 'paused', stateChangedAt: inOctober })
      .where(eq(schema.experiments.id, paused));
    await server.db
      .update(schema.experiments)
      .set({ createdAt: inSeptember, state: 'killed', stateChangedAt: inOctober, verdict: 'Nobody clicked.' })
      .where(eq(schema.experiments.id, killed));

    const on = await asAdmin('PUT', '/api/admin/newsletter/digest', { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, pending: null });

    // Still October: its digest waits for the month to end; September's was never due since.
    expect(await draftDueDigest(server.app, new Date('2026-10-31T23:59:59.000Z'))).toMatchObject({
      subject: expect.stringContaining('September 2026'),
    });
    await server.db.delete(schema.broadcasts).where(eq(schema.broadcasts.digestMonth, '2026-09'));

    const draft = await draftDueDigest(server.app, NOVEMBER);
    expect(draft).toMatchObject({
      status: 'draft',
      origin: 'digest',
      counts: { queued: 0, sent: 0, failed: 0 },
    });
    expect(draft!.subject).toMatch(/: October 2026 in review$/);
    const body = draft!.body;
    expect(body).toContain('Revenue earned in October 2026: **$1,234.56**');
    expect(body).toContain('Total earned by the end of October 2026: **$1,334.56**');
    expect(body).toContain(`[First thousand](/milestones/${milestone.json().id}-first-thousand)`);
    expect(body).not.toContain('September news');
    expect(body).toContain('- Started: [Template Shop](/lab/template-shop)');
    expect(body).toContain('- Paused: [Cold Outreach](/lab/cold-outreach)');
    expect(body).toContain('- Killed: [Paid Ads](/lab/paid-ads) (Nobody clicked.)');

    const state = (await asAdmin('GET', '/api/admin/newsletter/digest')).json();
    expect(state).toMatchObject({ enabled: true, pendingMonth: '2026-10', pending: { id: draft!.id } });

    // Waiting for the owner: nothing queued, nothing sent.
    await settle();
    expect(await queued()).toBe(0);
    for (const email of READERS) expect(digestMails(email)).toHaveLength(0);
  });

  it('drafts a month once: the job again, or two at a time, make no second draft', async () => {
    expect(await draftDueDigest(server.app, NOVEMBER)).toBeNull();
    expect(await draftDueDigest(server.app, new Date('2026-11-29T06:00:00.000Z'))).toBeNull();
    const both = await Promise.all([
      draftDueDigest(server.app, NOVEMBER),
      draftDueDigest(server.app, NOVEMBER),
    ]);
    expect(both).toEqual([null, null]);
    expect((await digests()).filter((row) => row.digestMonth === '2026-10')).toHaveLength(1);
  });

  it('the owner\'s "draft now" gives the waiting draft back rather than a second', async () => {
    clock = NOVEMBER;
    const again = await asAdmin('POST', '/api/admin/newsletter/digest/draft');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ month: '2026-10', created: false });
    expect((await digests()).filter((row) => row.digestMonth === '2026-10')).toHaveLength(1);
  });

  it('approved (the ordinary send), each confirmed subscriber gets it once, with absolute links', async () => {
    const { pending } = (await asAdmin('GET', '/api/admin/newsletter/digest')).json();
    const sent = await asAdmin('POST', `/api/admin/broadcasts/${pending.id}/send`);
    expect(sent.statusCode, sent.body).toBe(202);
    for (const email of READERS)
      await waitFor(`the digest to ${email}`, async () => digestMails(email).length > 0);
    await settle();
    for (const email of READERS) {
      expect(digestMails(email)).toHaveLength(1);
      expect(digestMails(email)[0]!.mail.text).toContain(`${PUBLIC_URL}/lab/template-shop`);
    }
    expect(digestMails(PENDING)).toHaveLength(0);
    expect((await asAdmin('GET', '/api/admin/newsletter/digest')).json()).toMatchObject({
      pending: null,
      pendingMonth: null,
    });
    const sentAgain = await asAdmin('POST', '/api/admin/newsletter/digest/draft');
    expect(sentAgain.statusCode).toBe(409);
    expect(sentAgain.json().message).toBe('The digest for October 2026 has been sent already.');
  });

  it('a draft the owner deleted is not drafted again by the job; "draft now" does draft it', async () => {
    const november = await draftDueDigest(server.app, new Date('2026-12-01T06:00:00.000Z'));
    expect(november!.subject).toContain('November 2026');
    expect((await asAdmin('POST', '/api/trpc/newsletter.delete', { id: november!.id })).statusCode).toBe(200);
    expect(await draftDueDigest(server.app, new Date('2026-12-02T06:00:00.000Z'))).toBeNull();
    expect((await digests()).filter((row) => row.digestMonth === '2026-11')).toHaveLength(0);

    clock = new Date('2026-12-03T06:00:00.000Z');
    const owner = await asAdmin('POST', '/api/admin/newsletter/digest/draft');
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toMatchObject({ month: '2026-11', created: true, broadcast: { status: 'draft' } });
    const audit = await server.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.action, 'newsletter.digest-drafted'));
    expect(audit.at(-1)).toMatchObject({ subject: `broadcast:${owner.json().broadcast.id}` });
    await server.db.delete(schema.broadcasts).where(eq(schema.broadcasts.digestMonth, '2026-11'));
  });

  it('a figure the privacy hides or ranges is not in the digest', async () => {
    await setPrivacy({ ...EXACT_PRIVACY, monthly: 'hidden', total: 'range' });
    const hidden = await asAdmin('POST', '/api/admin/newsletter/digest/draft');
    expect(hidden.statusCode).toBe(200);
    const body: string = hidden.json().broadcast.body;
    for (const exact of ['1,234.56', '1234.56', '1,334.56', '1334.56']) expect(body).not.toContain(exact);
    expect(body).not.toContain('Revenue earned in');
    expect(body).toContain('Total earned by the end of November 2026: **$1k–$2.5k**');
    await server.db.delete(schema.broadcasts).where(eq(schema.broadcasts.digestMonth, '2026-11'));

    await setPrivacy({ ...EXACT_PRIVACY, total: 'hidden' });
    const none = (await asAdmin('POST', '/api/admin/newsletter/digest/draft')).json().broadcast
      .body as string;
    expect(none).not.toContain('## Revenue');
    expect(none).not.toMatch(/\$\d/);
    await setPrivacy(EXACT_PRIVACY);
  });

  it('turned off, the job drafts nothing more', async () => {
    const off = await asAdmin('PUT', '/api/admin/newsletter/digest', { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false });
    await server.db.delete(schema.broadcasts).where(eq(schema.broadcasts.origin, 'digest'));
    expect(await draftDueDigest(server.app, new Date('2027-01-02T06:00:00.000Z'))).toBeNull();
    expect(await digests()).toHaveLength(0);
  });
});
