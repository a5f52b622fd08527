/**
 * A milestone mailed when published (docs/decisions/097-automatic-mail.md), through a real SMTP server:
 * ticked, each confirmed subscriber gets it once; an edit never mails; unticked, nothing is sent. On
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { schema } from '@journey/db';
import { startSmtpSink, waitFor, type SmtpSink } from '@journey/testing';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerAdmin, type TestServer } from './helpers';
import { confirmReader, MAIL_PUBLIC_URL, startMailingServer } from './mail-server';

const PUBLIC_URL = MAIL_PUBLIC_URL;
const READERS = ['first@example.com', 'second@example.com'];
const PENDING = 'pending@example.com';

let smtp: SmtpSink;
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startMailingServer(smtp, {
    signupRateLimit: { perIp: 1000, windowMs: 60_000 },
  });
  cookie = await registerAdmin(server.app);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const asAdmin = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  call(server.app, method, url, payload, cookie);

const milestone = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `What happened: ${title}.`,
  date: '2026-01-15',
  day: 42,
  ...extra,
});

const mailsWith = (email: string, subject: string) =>
  smtp.to(email).filter((mail) => mail.mail.subject === subject);

async function milestoneBroadcasts(milestoneId: number) {
  return server.db.select().from(schema.broadcasts).where(eq(schema.broadcasts.milestoneId, milestoneId));
}

/** Lets the workers run a while: whatever would be sent has been by then. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('a milestone mailed when published', () => {
  it('creates without mail and without a broadcast when there is nobody to mail', async () => {
    const created = await asAdmin(
      'POST',
      '/api/milestones',
      milestone('Nobody yet', { mailSubscribers: true }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().mailedAt).toBeNull();
    expect(await milestoneBroadcasts(created.json().id)).toHaveLength(0);
  });

  it('mails each confirmed subscriber once, with its title, description and a link to its page', async () => {
    for (const email of READERS) await confirmReader(server, smtp, email);
    expect(
      (await call(server.app, 'POST', '/api/subscribers', { email: PENDING, consent: true })).statusCode,
    ).toBe(201);
    await waitFor('the pending confirmation', async () => smtp.to(PENDING).length === 1);

    const created = await asAdmin(
      'POST',
      '/api/milestones',
      milestone('First paying customer', { mailSubscribers: true }),
    );
    expect(created.statusCode).toBe(201);
    const { id, mailedAt } = created.json();
    expect(mailedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    for (const email of READERS)
      await waitFor(
        `the milestone to ${email}`,
        async () => mailsWith(email, 'First paying customer').length > 0,
      );
    await settle();
    for (const email of READERS) {
      const mails = mailsWith(email, 'First paying customer');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.mail.text).toContain('What happened: First paying customer.');
      expect(mails[0]!.mail.text).toContain(`${PUBLIC_URL}/milestones/${id}-first-paying-customer`);
    }
    // Only one confirmation, never the milestone, for an address that was not confirmed.
    expect(smtp.to(PENDING)).toHaveLength(1);

    const [broadcast] = await milestoneBroadcasts(id);
    expect(broadcast).toMatchObject({ origin: 'milestone', subject: 'First paying customer' });
    const listed = (await asAdmin('GET', '/api/admin/broadcasts')).json() as { id: number; origin: string }[];
    expect(listed.find((row) => row.id === broadcast!.id)?.origin).toBe('milestone');
    await waitFor('the broadcast sent', async () => {
      const status = await asAdmin('GET', `/api/admin/broadcasts/${broadcast!.id}`);
      return status.json().status === 'sent';
    });
  });

  it('never mails again on an edit, even one that asks to', async () => {
    const created = await asAdmin(
      'POST',
      '/api/milestones',
      milestone('Launch day', { mailSubscribers: true }),
    );
    const { id } = created.json();
    for (const email of READERS)
      await waitFor(`launch to ${email}`, async () => mailsWith(email, 'Launch day').length > 0);

    const edited = await asAdmin('PUT', `/api/admin/milestones/${id}`, {
      ...milestone('Launch day', { description: 'Edited afterwards.' }),
      mailSubscribers: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().mailedAt).toBe(created.json().mailedAt);
    const renamed = await asAdmin('PUT', `/api/admin/milestones/${id}`, milestone('Launch day, renamed'));
    expect(renamed.statusCode).toBe(200);
    await settle();

    expect(await milestoneBroadcasts(id)).toHaveLength(1);
    for (const email of READERS) {
      expect(mailsWith(email, 'Launch day')).toHaveLength(1);
      expect(mailsWith(email, 'Launch day, renamed')).toHaveLength(0);
    }
  });

  it('sends nothing when the box is not ticked', async () => {
    const before = smtp.received.length;
    const plain = await asAdmin('POST', '/api/milestones', milestone('Quiet milestone'));
    const unticked = await asAdmin(
      'POST',
      '/api/milestones',
      milestone('Also quiet', { mailSubscribers: false }),
    );
    expect(plain.statusCode).toBe(201);
    expect(unticked.statusCode).toBe(201);
    expect(plain.json().mailedAt).toBeNull();
    await settle();
    expect(smtp.received.length).toBe(before);
    expect(await milestoneBroadcasts(plain.json().id)).toHaveLength(0);
    expect(await milestoneBroadcasts(unticked.json().id)).toHaveLength(0);
  });

  it('refuses a mailSubscribers that is no boolean with a 400', async () => {
    const bad = await asAdmin('POST', '/api/milestones', milestone('Bad flag', { mailSubscribers: 'yes' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Mail subscribers must be true or false.');
  });

  it('records the create in the audit trail, and keeps the mail out of public answers', async () => {
    const rows = await server.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.action, 'milestone.created'));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const list = (await call(server.app, 'GET', '/api/milestones')).json() as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(0);
    for (const row of list) expect(row).not.toHaveProperty('mailedAt');
    const one = (await call(server.app, 'GET', `/api/milestones/${list[0]!.id}`)).json();
    expect(one.milestone).not.toHaveProperty('mailedAt');
  });

  it('shows when it was mailed in the admin table', async () => {
    const input = encodeURIComponent(JSON.stringify({ q: 'Launch' }));
    const page = await asAdmin('GET', `/api/trpc/milestones.page?input=${input}`);
    expect(page.statusCode).toBe(200);
    const rows = page.json().result.data.items as { title: string; mailedAt: string | null }[];
    expect(rows.find((row) => row.title.startsWith('Launch day'))?.mailedAt).toMatch(/^\d{4}-/);
  });
});
