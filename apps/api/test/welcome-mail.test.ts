/**
 * The welcome mail end to end through a real SMTP server (docs/decisions/097-automatic-mail.md): the
 * owner saves it, a reader confirms, one welcome arrives with the owner's text and an unsubscribe link.
 * On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { schema } from '@journey/db';
import { startSmtpSink, waitFor, type ReceivedMail, type SmtpSink } from '@journey/testing';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerAdmin, type TestServer } from './helpers';
import { MAIL_PUBLIC_URL, signUpReader, startMailingServer } from './mail-server';

const WELCOME_URL = '/api/admin/newsletter/welcome';
const SUBJECT = 'Welcome aboard, reader';
const BODY = 'Thanks for **confirming**.\n\nRead [the story so far](/milestones).';

let smtp: SmtpSink;
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startMailingServer(smtp, { signupRateLimit: { perIp: 1000, windowMs: 60_000 } });
  cookie = await registerAdmin(server.app);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const asAdmin = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  call(server.app, method, url, payload, cookie);

const saveWelcome = (payload: unknown) => asAdmin('PUT', WELCOME_URL, payload);

const signUp = (email: string) => signUpReader(server, smtp, email);

const confirm = (token: string) => call(server.app, 'POST', '/api/subscribers/confirm', { token });

const welcomesTo = (email: string): ReceivedMail[] =>
  smtp.to(email).filter((mail) => !mail.mail.subject?.startsWith('Confirm your subscription'));

/** Welcome rows queued for `email`, whatever their state. */
async function welcomeRows(email: string): Promise<number> {
  const [row] = await server.db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.mailQueue)
    .where(and(eq(schema.mailQueue.kind, 'welcome'), eq(schema.mailQueue.recipient, email)));
  return Number(row?.count ?? 0);
}

/** Waits for the queue to be empty of unsent mail, then a little more: what would arrive has. */
async function settled(): Promise<void> {
  await waitFor('the queue to drain', async () => {
    const [row] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.mailQueue)
      .where(sql`${schema.mailQueue.status} in ('queued', 'sending')`);
    return Number(row?.count ?? 0) === 0;
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('the welcome mail setting', () => {
  it('reads as off and empty before the owner saves it', async () => {
    const response = await asAdmin('GET', WELCOME_URL);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: false, subject: '', body: '', updatedAt: null });
  });

  it('is the owner’s alone: 401 without a session', async () => {
    expect((await call(server.app, 'GET', WELCOME_URL)).statusCode).toBe(401);
    const put = await call(server.app, 'PUT', WELCOME_URL, { enabled: true, subject: 'x', body: 'y' });
    expect(put.statusCode).toBe(401);
    expect((await asAdmin('GET', WELCOME_URL)).json().enabled).toBe(false);
  });

  it.each([
    [
      { enabled: true, subject: '', body: 'Hi' },
      'subject',
      'Subject is required while the welcome mail is on.',
    ],
    [{ enabled: true, subject: 'Hi', body: '   ' }, 'body', 'Body is required while the welcome mail is on.'],
    [{ enabled: false, subject: 'Two\nlines', body: '' }, 'subject', 'Subject must be a single line.'],
    [
      { enabled: false, subject: 'x'.repeat(201), body: '' },
      'subject',
      'Subject must be at most 200 characters.',
    ],
    [
      { enabled: false, subject: '', body: 'x'.repeat(50_001) },
      'body',
      'Body must be at most 50,000 characters.',
    ],
    [{ enabled: 'yes', subject: '', body: '' }, 'enabled', 'Enabled must be true or false.'],
  ])('refuses bad input %# with a 400 naming the field, saving nothing', async (payload, field, message) => {
    const response = await saveWelcome(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect((await asAdmin('GET', WELCOME_URL)).json().updatedAt).toBeNull();
  });

  it('refuses a body that is not an object with a 400', async () => {
    const response = await asAdmin('PUT', WELCOME_URL, [1, 2]);
    expect(response.statusCode).toBe(400);
  });

  it('keeps empty texts while off, and writes an audit row on save', async () => {
    const saved = await saveWelcome({ enabled: false, subject: '', body: '' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: false, subject: '', body: '' });
    expect(saved.json().updatedAt).toEqual(expect.any(String));
    const [row] = await server.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.action, 'newsletter.welcome-saved'))
      .orderBy(sql`${schema.auditEvents.id} desc`)
      .limit(1);
    expect(row).toBeDefined();
    expect(row!.detail).toEqual({ enabled: false, subject: '' });
  });
});

describe('while the welcome mail is off', () => {
  it('confirming sends no welcome', async () => {
    const token = await signUp('quiet@example.com');
    expect((await confirm(token)).statusCode).toBe(200);
    await settled();
    expect(welcomesTo('quiet@example.com')).toHaveLength(0);
    expect(await welcomeRows('quiet@example.com')).toBe(0);
  });
});

describe('while the welcome mail is on', () => {
  it('saves the owner’s text, trimmed, and reads it back', async () => {
    const saved = await saveWelcome({ enabled: true, subject: `  ${SUBJECT} `, body: BODY });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, subject: SUBJECT, body: BODY });
    expect((await asAdmin('GET', WELCOME_URL)).json()).toMatchObject({
      enabled: true,
      subject: SUBJECT,
      body: BODY,
    });
  });

  it('sends one welcome after the confirmation link is followed, however often', async () => {
    const token = await signUp('new@example.com');
    // Not before confirming.
    await settled();
    expect(welcomesTo('new@example.com')).toHaveLength(0);
    expect((await confirm(token)).json()).toEqual({ confirmed: true, alreadyConfirmed: false });
    expect((await confirm(token)).json()).toEqual({ confirmed: true, alreadyConfirmed: true });
    await waitFor('the welcome mail', async () => welcomesTo('new@example.com').length > 0);
    await settled();
    expect(welcomesTo('new@example.com')).toHaveLength(1);
    expect(await welcomeRows('new@example.com')).toBe(1);

    const [welcome] = welcomesTo('new@example.com');
    expect(welcome!.mail.subject).toBe(SUBJECT);
    expect(welcome!.mail.html).toContain('<strong>confirming</strong>');
    expect(welcome!.mail.html).toContain(`href="${MAIL_PUBLIC_URL}/milestones"`);
    expect(welcome!.mail.text).toContain('Thanks for');
    expect(welcome!.mail.text).toMatch(
      new RegExp(`Unsubscribe: ${MAIL_PUBLIC_URL}/newsletter/unsubscribe\\?token=`),
    );
    expect(welcome!.header('List-Unsubscribe')).toMatch(
      /^<https:\/\/journey\.example\/newsletter\/unsubscribe\?token=.+>$/,
    );
    expect(welcome!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('has a working unsubscribe link', async () => {
    const [welcome] = welcomesTo('new@example.com');
    const token = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9_%-]+)/.exec(welcome!.mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    const response = await call(server.app, 'POST', '/api/subscribers/unsubscribe', {
      token: decodeURIComponent(token!),
    });
    expect(response.json()).toEqual({ unsubscribed: true });
  });

  it('sends the text as saved when the mail goes, and nothing to a reader who left before', async () => {
    await confirmWithWelcomeOff('later@example.com');
    await confirmWithWelcomeOff('gone@example.com');
    // Welcomes due in a moment, as if the worker were still busy: the owner edits the text meanwhile.
    const dueAt = new Date(Date.now() + 1_000);
    for (const email of ['later@example.com', 'gone@example.com']) {
      const [reader] = await server.db
        .select()
        .from(schema.subscribers)
        .where(eq(schema.subscribers.email, email));
      await server.db.insert(schema.mailQueue).values({
        kind: 'welcome',
        subscriberId: reader!.id,
        recipient: email,
        linkOrigin: MAIL_PUBLIC_URL,
        nextAttemptAt: dueAt,
      });
    }
    await server.db
      .update(schema.subscribers)
      .set({ status: 'unsubscribed' })
      .where(eq(schema.subscribers.email, 'gone@example.com'));
    expect(
      (await saveWelcome({ enabled: true, subject: 'Edited welcome', body: 'The new text.' })).statusCode,
    ).toBe(200);
    await waitFor('the edited welcome', async () => welcomesTo('later@example.com').length > 0);
    await settled();
    expect(welcomesTo('later@example.com').map((mail) => mail.mail.subject)).toEqual(['Edited welcome']);
    expect(welcomesTo('later@example.com')[0]!.mail.text).toContain('The new text.');
    expect(welcomesTo('gone@example.com')).toHaveLength(0);
  });

  it('sends none of the queued welcomes once the owner turns it off', async () => {
    await confirmWithWelcomeOff('off@example.com');
    const [reader] = await server.db
      .select()
      .from(schema.subscribers)
      .where(eq(schema.subscribers.email, 'off@example.com'));
    await saveWelcome({ enabled: false, subject: 'Edited welcome', body: 'The new text.' });
    await server.db.insert(schema.mailQueue).values({
      kind: 'welcome',
      subscriberId: reader!.id,
      recipient: 'off@example.com',
      linkOrigin: MAIL_PUBLIC_URL,
    });
    await settled();
    expect(welcomesTo('off@example.com')).toHaveLength(0);
  });
});

/** A confirmed reader with no welcome queued: confirmed while the welcome mail was off. */
async function confirmWithWelcomeOff(email: string): Promise<void> {
  const current = (await asAdmin('GET', WELCOME_URL)).json();
  await saveWelcome({ ...current, enabled: false, updatedAt: undefined });
  expect((await confirm(await signUp(email))).statusCode).toBe(200);
  await saveWelcome({ ...current, updatedAt: undefined });
}
