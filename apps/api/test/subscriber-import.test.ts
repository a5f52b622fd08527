/**
 * The subscriber import (docs/decisions/096-subscriber-import.md) through a real SMTP server
 * (Nodemailer's smtp-server on a free port): each service's export keeps its rows' consent evidence,
 * or queues one confirmation per row without it, never a broadcast; and a reader's export. On PGlite
 * and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { schema } from '@journey/db';
import { startSmtpSink, waitFor, type ReceivedMail, type SmtpSink } from '@journey/testing';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, registerAdmin, type TestServer } from './helpers';
import { MAIL_PUBLIC_URL, startMailingServer } from './mail-server';

const PUBLIC_URL = MAIL_PUBLIC_URL;
const URL = '/api/admin/subscribers/imports';

let smtp: SmtpSink;
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startMailingServer(smtp);
  cookie = await registerAdmin(server.app);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const asAdmin = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  call(server.app, method, url, payload, cookie);

const importFile = (format: string, csv: string, dryRun = false) =>
  asAdmin('POST', URL, { format, csv, dryRun });

async function rowOf(email: string) {
  const [row] = await server.db.select().from(schema.subscribers).where(eq(schema.subscribers.email, email));
  return row;
}

const counts = async () => ({
  subscribers: await server.db.$count(schema.subscribers),
  mail: await server.db.$count(schema.mailQueue),
  audit: await server.db.$count(schema.auditEvents, eq(schema.auditEvents.action, 'import.subscriber')),
});

/** Waits until no mail is queued or being sent: every message the import queued has been handled. */
const queueDrained = () =>
  waitFor('the send queue to drain', async () => {
    const open = await server.db.$count(
      schema.mailQueue,
      inArray(schema.mailQueue.status, ['queued', 'sending']),
    );
    return open === 0;
  });

function confirmTokenIn(mail: ReceivedMail): string {
  const match = new RegExp(`${PUBLIC_URL}/newsletter/confirm\\?token=([A-Za-z0-9_%-]+)`).exec(
    mail.mail.text ?? '',
  );
  if (!match) throw new Error(`no confirm link in:\n${mail.mail.text}`);
  return decodeURIComponent(match[1]!);
}

/** Mailchimp's subscribed-members export: a confirmed double opt-in, and an address added without one. */
const MAILCHIMP = [
  '"Email Address","First Name","Last Name",MEMBER_RATING,OPTIN_TIME,OPTIN_IP,CONFIRM_TIME,CONFIRM_IP,LATITUDE,LONGITUDE,GMTOFF,DSTOFF,TIMEZONE,CC,REGION,LAST_CHANGED,LEID,EUID,NOTES,TAGS',
  '"Ada@Example.com",Ada,Lovelace,4,"2024-03-01 09:58:00",203.0.113.7,"2024-03-01 10:00:00",203.0.113.8,,,,,,,,"2024-03-01 10:00:00",101,aa11,,',
  'mc-pending@example.com,Grace,Hopper,2,"2024-04-02 08:00:00",,,,,,,,,,,"2024-04-02 08:00:00",102,bb22,,',
].join('\r\n');

/** Mailchimp's cleaned-members export: bounced addresses, kept only so they are never mailed. */
const MAILCHIMP_CLEANED = [
  '"Email Address","First Name","Last Name",MEMBER_RATING,OPTIN_TIME,OPTIN_IP,CONFIRM_TIME,CONFIRM_IP,CLEAN_TIME,CLEAN_CAMPAIGN_TITLE,CLEAN_CAMPAIGN_ID,LEID,EUID',
  'bounced@example.com,,,1,"2023-01-01 00:00:00",,"2023-01-01 00:01:00",,"2024-05-05 05:05:05",April news,c1,103,cc33',
].join('\n');

const LISTMONK = [
  'uuid,email,name,attributes,status,subscription_status,created_at,updated_at',
  '0a1b,lm-confirmed@example.com,Lin,"{""city"": ""Oslo""}",enabled,confirmed,2024-01-10T08:00:00.000000+01:00,2024-01-10T08:00:00Z',
  '0a1c,lm-unconfirmed@example.com,Lou,{},enabled,unconfirmed,2024-01-11T08:00:00Z,2024-01-11T08:00:00Z',
  '0a1d,lm-blocked@example.com,Bo,{},blocklisted,unsubscribed,2024-01-12T08:00:00Z,2024-01-12T08:00:00Z',
].join('\n');

const SUBSTACK = [
  'email,active_subscription,expiry,plan,email_disabled,created_at,first_payment_at',
  'ss-reader@example.com,true,,,false,2023-06-01T12:00:00.000Z,',
  'ss-left@example.com,false,2023-09-01T00:00:00.000Z,monthly,false,2023-05-01T12:00:00.000Z,2023-05-01T12:00:00.000Z',
].join('\n');

const GHOST = [
  'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers',
  '6231,gh-member@example.com,Gil,,true,false,,2022-03-16T08:03:11.000Z,,"Label 1",',
  '6232,gh-off@example.com,Gus,,false,false,,2022-03-17T08:03:11.000Z,,,',
].join('\n');

const GENERIC = [
  'email,confirmed_at,consent_evidence',
  'gen-proved@example.com,2025-02-02T10:00:00Z,signed the paper form at the meetup',
  'gen-unproved@example.com,,',
  'GEN-UNPROVED@example.com,,',
].join('\n');

describe('subscriber import', () => {
  it('refuses without a session, storing nothing', async () => {
    const before = await counts();
    const response = await call(server.app, 'POST', URL, { format: 'generic', csv: GENERIC, dryRun: false });
    expect(response.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ format: 'tinyletter', csv: GENERIC }, 'format'],
    [{ format: 'generic' }, 'csv'],
    [{ format: 'generic', csv: 'name,created_at\nAda,2024-01-01' }, 'csv'],
    [{ format: 'generic', csv: 'email\nfine@example.com\n"unclosed@example.com' }, 'csv'],
    [{ format: 'generic', csv: 'email\nfine@example.com', dryRun: 'yes' }, 'dryRun'],
  ])('refuses bad input %# with 400 naming the field', async (payload, field) => {
    const before = await counts();
    const response = await asAdmin('POST', URL, payload);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().errors[field]).toBe('string');
    expect(await counts()).toEqual(before);
  });

  it('names the line where the quoting breaks', async () => {
    const response = await importFile('generic', 'email\nfine@example.com\n"unclosed@example.com');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.csv).toMatch(/^Line 3: /);
  });

  it('names the missing email column on the header line', async () => {
    const response = await importFile('mailchimp', 'First Name,Last Name\nAda,Lovelace');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.csv).toMatch(/^Line 1: missing column email address/);
  });

  it('refuses a file with a bad row whole, naming its line and field, storing nothing', async () => {
    const before = await counts();
    const csv = [
      'email,confirmed_at',
      'fine@example.com,',
      'not-an-address,',
      'late@example.com,yesterday',
    ].join('\n');
    const preview = await importFile('generic', csv, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().errors).toEqual([
      { line: 3, message: '"not-an-address" is not a valid email address.' },
      { line: 4, message: 'confirmed_at "yesterday" is not a date and time.' },
    ]);
    const response = await importFile('generic', csv);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'line 3': '"not-an-address" is not a valid email address.',
      'line 4': 'confirmed_at "yesterday" is not a date and time.',
    });
    expect(await counts()).toEqual(before);
  });

  it('previews a dry run without storing or mailing anything', async () => {
    const before = await counts();
    const response = await importFile('mailchimp', MAILCHIMP, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      add: 2,
      confirmed: 1,
      pending: 1,
      unsubscribed: 0,
      alreadyOnList: 0,
      duplicate: 0,
      rows: [
        {
          line: 2,
          email: 'ada@example.com',
          status: 'confirmed',
          consentSource:
            'mailchimp import: opted in 2024-03-01T09:58:00.000Z from 203.0.113.7, confirmed 2024-03-01T10:00:00.000Z from 203.0.113.8',
        },
        { line: 3, email: 'mc-pending@example.com', status: 'pending', consentSource: null },
      ],
      errors: [],
    });
    expect(await counts()).toEqual(before);
    expect(smtp.received).toHaveLength(0);
  });

  it('Mailchimp: keeps the confirmed row with its evidence unmailed, sends the other one confirmation', async () => {
    const before = await counts();
    const response = await importFile('mailchimp', MAILCHIMP);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      added: 2,
      confirmed: 1,
      pending: 1,
      unsubscribed: 0,
      alreadyOnList: 0,
      confirmationsQueued: 1,
    });
    await queueDrained();
    const ada = await rowOf('ada@example.com');
    expect(ada).toMatchObject({
      status: 'confirmed',
      consentSource:
        'mailchimp import: opted in 2024-03-01T09:58:00.000Z from 203.0.113.7, confirmed 2024-03-01T10:00:00.000Z from 203.0.113.8',
      confirmedAt: new Date('2024-03-01T10:00:00Z'),
      createdAt: new Date('2024-03-01T09:58:00Z'),
    });
    expect(ada?.importedAt).toBeInstanceOf(Date);
    expect(smtp.to('ada@example.com')).toHaveLength(0);
    const mails = smtp.to('mc-pending@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.subject).toMatch(/^Confirm your subscription/);
    expect(await rowOf('mc-pending@example.com')).toMatchObject({ status: 'pending', consentSource: null });
    // No broadcast, nothing else: one queued mail, the confirmation.
    const queued = await server.db.select().from(schema.mailQueue);
    expect(queued.map((mail) => [mail.kind, mail.recipient])).toEqual([
      ['confirmation', 'mc-pending@example.com'],
    ]);
    expect(await counts()).toEqual({
      subscribers: before.subscribers + 2,
      mail: before.mail + 1,
      audit: before.audit + 1,
    });

    // The confirmation is the sign-up's: its link confirms the address.
    const confirm = await call(server.app, 'POST', '/api/subscribers/confirm', {
      token: confirmTokenIn(mails[0]!),
    });
    expect(confirm.statusCode).toBe(200);
    expect((await rowOf('mc-pending@example.com'))?.status).toBe('confirmed');
  });

  it('Mailchimp: the same file again adds nothing and mails no one again', async () => {
    const mailed = smtp.received.length;
    const before = await counts();
    const response = await importFile('mailchimp', MAILCHIMP);
    expect(response.json()).toMatchObject({ added: 0, alreadyOnList: 2, confirmationsQueued: 0 });
    await queueDrained();
    expect(smtp.received.length).toBe(mailed);
    expect((await counts()).subscribers).toBe(before.subscribers);
  });

  it('Mailchimp cleaned export: kept unsubscribed, never mailed', async () => {
    const mailed = smtp.received.length;
    const response = await importFile('mailchimp', MAILCHIMP_CLEANED);
    expect(response.json()).toMatchObject({ added: 1, unsubscribed: 1, confirmationsQueued: 0 });
    expect(await rowOf('bounced@example.com')).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: new Date('2024-05-05T05:05:05Z'),
      consentSource: 'mailchimp import: cleaned 2024-05-05T05:05:05.000Z',
    });
    await queueDrained();
    expect(smtp.received.length).toBe(mailed);
  });

  it('Listmonk: confirmed kept, unconfirmed sent one confirmation, blocklisted unsubscribed', async () => {
    const response = await importFile('listmonk', LISTMONK);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      added: 3,
      confirmed: 1,
      pending: 1,
      unsubscribed: 1,
      confirmationsQueued: 1,
    });
    await queueDrained();
    expect(await rowOf('lm-confirmed@example.com')).toMatchObject({
      status: 'confirmed',
      consentSource: 'listmonk import: subscription confirmed, signed up 2024-01-10T07:00:00.000Z',
    });
    expect((await rowOf('lm-blocked@example.com'))?.status).toBe('unsubscribed');
    expect(smtp.to('lm-confirmed@example.com')).toHaveLength(0);
    expect(smtp.to('lm-blocked@example.com')).toHaveLength(0);
    expect(smtp.to('lm-unconfirmed@example.com')).toHaveLength(1);
  });

  it('Substack: an active subscription kept with its evidence, an ended one unsubscribed; no mail', async () => {
    const mailed = smtp.received.length;
    const response = await importFile('substack', SUBSTACK);
    expect(response.json()).toMatchObject({
      added: 2,
      confirmed: 1,
      unsubscribed: 1,
      confirmationsQueued: 0,
    });
    expect(await rowOf('ss-reader@example.com')).toMatchObject({
      status: 'confirmed',
      consentSource: 'substack import: active subscription since 2023-06-01T12:00:00.000Z',
    });
    expect((await rowOf('ss-left@example.com'))?.status).toBe('unsubscribed');
    await queueDrained();
    expect(smtp.received.length).toBe(mailed);
  });

  it('Ghost: a member subscribed to emails kept, one who is not unsubscribed; no mail', async () => {
    const mailed = smtp.received.length;
    const response = await importFile('ghost', GHOST);
    expect(response.json()).toMatchObject({
      added: 2,
      confirmed: 1,
      unsubscribed: 1,
      confirmationsQueued: 0,
    });
    expect(await rowOf('gh-member@example.com')).toMatchObject({
      status: 'confirmed',
      consentSource: 'ghost import: subscribed to emails, member since 2022-03-16T08:03:11.000Z',
    });
    expect((await rowOf('gh-off@example.com'))?.status).toBe('unsubscribed');
    await queueDrained();
    expect(smtp.received.length).toBe(mailed);
  });

  it('generic: evidence kept; a repeated address counted once and mailed once; existing rows untouched', async () => {
    // Already on the list: a pending sign-up and a reader who left. Neither changes nor gets mail.
    await server.db.insert(schema.subscribers).values([
      { email: 'gen-left@example.com', status: 'unsubscribed', consentVersion: 'v1' },
      { email: 'gen-waiting@example.com', status: 'pending', consentVersion: 'v1' },
    ]);
    const csv = `${GENERIC}\ngen-left@example.com,2025-01-01T00:00:00Z,\ngen-waiting@example.com,,`;
    const preview = await importFile('generic', csv, true);
    expect(preview.json()).toMatchObject({
      add: 2,
      confirmed: 1,
      pending: 1,
      alreadyOnList: 2,
      duplicate: 1,
    });
    const response = await importFile('generic', csv);
    expect(response.json()).toEqual({
      added: 2,
      confirmed: 1,
      pending: 1,
      unsubscribed: 0,
      alreadyOnList: 2,
      confirmationsQueued: 1,
    });
    await queueDrained();
    expect(await rowOf('gen-proved@example.com')).toMatchObject({
      status: 'confirmed',
      consentSource: 'import: confirmed 2025-02-02T10:00:00.000Z: signed the paper form at the meetup',
    });
    expect(smtp.to('gen-unproved@example.com')).toHaveLength(1);
    expect(smtp.to('gen-proved@example.com')).toHaveLength(0);
    expect(await rowOf('gen-left@example.com')).toMatchObject({ status: 'unsubscribed', importedAt: null });
    expect(await rowOf('gen-waiting@example.com')).toMatchObject({ status: 'pending', importedAt: null });
    expect(smtp.to('gen-left@example.com')).toHaveLength(0);
    expect(smtp.to('gen-waiting@example.com')).toHaveLength(0);
  });

  it('stores a file larger than one batch whole, in one go', async () => {
    const before = await counts();
    const rows = Array.from(
      { length: 2_500 },
      (_, i) => `bulk-${i}@example.com,2025-03-0${1 + (i % 9)}T00:00:00Z,double opt-in log #${i}`,
    );
    const response = await importFile('generic', ['email,confirmed_at,source', ...rows].join('\n'));
    expect(response.json()).toEqual({
      added: 2_500,
      confirmed: 2_500,
      pending: 0,
      unsubscribed: 0,
      alreadyOnList: 0,
      confirmationsQueued: 0,
    });
    expect(await counts()).toEqual({
      ...before,
      subscribers: before.subscribers + 2_500,
      audit: before.audit + 1,
    });
    expect(await rowOf('bulk-2499@example.com')).toMatchObject({
      status: 'confirmed',
      consentSource: 'import: confirmed 2025-03-07T00:00:00.000Z: double opt-in log #2499',
    });
  });

  it('records one audit row per import, with the format and counts, none for a dry run', async () => {
    const rows = await server.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.action, 'import.subscriber'))
      .orderBy(schema.auditEvents.id);
    // mailchimp ×2, cleaned, listmonk, substack, ghost, generic, bulk: the dry runs and refusals left none.
    expect(rows).toHaveLength(8);
    expect(rows.at(-2)).toMatchObject({
      actor: ADMIN.username,
      detail: {
        format: 'generic',
        added: 2,
        confirmed: 1,
        pending: 1,
        alreadyOnList: 2,
        confirmationsQueued: 1,
      },
    });
  });
});

describe("a reader's export", () => {
  it('answers with everything kept for the address: its row, evidence, tokens and mail', async () => {
    const row = await rowOf('mc-pending@example.com');
    expect((await call(server.app, 'GET', `/api/admin/subscribers/${row!.id}/export`)).statusCode).toBe(401);
    const response = await asAdmin('GET', `/api/admin/subscribers/${row!.id}/export`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.subscriber).toMatchObject({
      id: row!.id,
      email: 'mc-pending@example.com',
      status: 'confirmed',
      consentSource: null,
      createdAt: '2024-04-02T08:00:00.000Z',
    });
    expect(typeof body.subscriber.importedAt).toBe('string');
    expect(body.tokens.confirm).toBe(1);
    expect(body.mail).toEqual([
      expect.objectContaining({
        kind: 'confirmation',
        status: 'sent',
        subject: null,
        sentAt: expect.any(String),
      }),
    ]);
    const evidence = await asAdmin(
      'GET',
      `/api/admin/subscribers/${(await rowOf('ada@example.com'))!.id}/export`,
    );
    expect(evidence.json().subscriber.consentSource).toMatch(/^mailchimp import: opted in/);
    expect(evidence.json().mail).toEqual([]);
  });

  it('answers 404 for an unknown subscriber, 400 for an id that is not one', async () => {
    expect((await asAdmin('GET', '/api/admin/subscribers/999999/export')).statusCode).toBe(404);
    const bad = await asAdmin('GET', '/api/admin/subscribers/1e3/export');
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().errors.id).toBe('string');
  });

  it('shows broadcasts with their subject', async () => {
    const reader = await rowOf('ss-reader@example.com');
    const [broadcast] = await server.db
      .insert(schema.broadcasts)
      .values({ subject: 'November numbers', body: 'Hello', status: 'sent', sentAt: new Date() })
      .returning({ id: schema.broadcasts.id });
    await server.db.insert(schema.mailQueue).values({
      kind: 'broadcast',
      broadcastId: broadcast!.id,
      subscriberId: reader!.id,
      recipient: reader!.email,
      linkOrigin: PUBLIC_URL,
      status: 'sent',
      sentAt: new Date(),
    });
    const response = await asAdmin('GET', `/api/admin/subscribers/${reader!.id}/export`);
    expect(response.json().mail).toEqual([
      expect.objectContaining({ kind: 'broadcast', subject: 'November numbers' }),
    ]);
    // Nothing was queued for the others.
    expect(
      await server.db.$count(
        schema.mailQueue,
        and(eq(schema.mailQueue.kind, 'broadcast'), ne(schema.mailQueue.subscriberId, reader!.id)),
      ),
    ).toBe(0);
  });
});
