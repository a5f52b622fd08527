/**
 * The newsletter end to end through a real SMTP server (Nodemailer's smtp-server on a free port):
 * double opt-in, one-click unsubscribe, broadcasts and the send queue's retries. On PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL. docs/decisions/040-newsletter-delivery.md
 */
import { schema } from '@journey/db';
import { startSmtpSink, waitFor, type ReceivedMail, type SmtpSink } from '@journey/testing';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerAdmin, startTestServer, type TestServer } from './helpers';

const PUBLIC_URL = 'https://journey.example';
const BOUNCING = 'gone@example.com';
const GREYLISTED = 'later@example.com';

let smtp: SmtpSink;
let server: TestServer;
let cookie: string;
let greylistedTries = 0;

beforeAll(async () => {
  smtp = await startSmtpSink({
    replyTo: (recipient) => {
      if (recipient === BOUNCING) return 550;
      // Refused once with a temporary reply, then taken: the queue must try again.
      if (recipient === GREYLISTED && greylistedTries++ === 0) return 451;
      return undefined;
    },
  });
  server = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Solo Unicorn <news@journey.example>',
      PUBLIC_URL,
      MAIL_RATE_PER_MINUTE: '60000',
    },
    signupRateLimit: { perIp: 1000, windowMs: 60_000 },
    mailRetryBaseMs: 50,
  });
  cookie = await registerAdmin(server.app);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** `call` as the admin. */
const asAdmin = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  call(server.app, method, url, payload, cookie);

const subscribe = (email: string, extra: Record<string, unknown> = {}) =>
  call(server.app, 'POST', '/api/subscribers', { email, consent: true, ...extra });

/** The link a mail's text part points to for `page`, and its token. */
function linkIn(mail: ReceivedMail, page: 'confirm' | 'unsubscribe'): { url: string; token: string } {
  const match = new RegExp(`${PUBLIC_URL}/newsletter/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(
    mail.mail.text ?? '',
  );
  if (!match) throw new Error(`no ${page} link in:\n${mail.mail.text}`);
  return { url: match[0], token: decodeURIComponent(match[1]!) };
}

async function subscriberRow(email: string) {
  const [row] = await server.db.select().from(schema.subscribers).where(eq(schema.subscribers.email, email));
  return row;
}

/** Signs `email` up and confirms it through the mail's link, as a reader would. */
async function confirmedSubscriber(email: string): Promise<void> {
  const before = smtp.to(email).length;
  expect((await subscribe(email)).statusCode).toBe(201);
  await waitFor(`confirmation to ${email}`, async () => smtp.to(email).length > before);
  const { token } = linkIn(smtp.to(email).at(-1)!, 'confirm');
  expect((await call(server.app, 'POST', '/api/subscribers/confirm', { token })).statusCode).toBe(200);
}

async function sendBroadcast(subject: string, body: string): Promise<number> {
  const draft = await asAdmin('POST', '/api/admin/broadcasts', { subject, body });
  expect(draft.statusCode).toBe(201);
  const { id } = draft.json();
  const sent = await asAdmin('POST', `/api/admin/broadcasts/${id}/send`);
  expect(sent.statusCode).toBe(202);
  await waitFor(`broadcast ${id} sent`, async () => {
    const status = await asAdmin('GET', `/api/admin/broadcasts/${id}`);
    return status.json().status === 'sent';
  });
  return id;
}

describe('double opt-in', () => {
  it('stores a new address as pending and sends exactly one confirmation mail, with both parts', async () => {
    const response = await subscribe('Reader@Example.com', { consentVersion: 'v1' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ subscribed: true });
    await waitFor('the confirmation mail', async () => smtp.to('reader@example.com').length === 1);
    // Nothing more arrives: one sign-up, one mail.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = smtp.to('reader@example.com');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.mail.subject).toBe('Confirm your subscription to Solo Unicorn');
    expect(mail!.from).toBe('news@journey.example');
    expect(mail!.mail.html).toContain('Confirm subscription');
    expect(mail!.mail.text).toContain('Confirm subscription');
    expect(linkIn(mail!, 'confirm').url).toMatch(/^https:\/\/journey\.example\/newsletter\/confirm\?token=/);
    expect(mail!.header('List-Unsubscribe')).toMatch(
      /^<https:\/\/journey\.example\/newsletter\/unsubscribe\?token=.+>$/,
    );
    expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    const row = await subscriberRow('reader@example.com');
    expect(row).toMatchObject({ status: 'pending', consentVersion: 'v1', confirmedAt: null });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it('stores only hashes of the tokens it mails', async () => {
    const { token } = linkIn(smtp.to('reader@example.com')[0]!, 'confirm');
    const tokens = await server.db.select().from(schema.subscriberTokens);
    expect(tokens.length).toBeGreaterThan(0);
    for (const row of tokens) {
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.tokenHash).not.toBe(token);
    }
  });

  it('confirms only through the POST, once', async () => {
    const { token } = linkIn(smtp.to('reader@example.com')[0]!, 'confirm');
    const confirmed = await call(server.app, 'POST', '/api/subscribers/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ confirmed: true, alreadyConfirmed: false });
    const row = await subscriberRow('reader@example.com');
    expect(row!.status).toBe('confirmed');
    expect(row!.confirmedAt).toBeInstanceOf(Date);
  });

  it('tells a reader who opens the used link again that they are confirmed, and nobody else', async () => {
    const { token } = linkIn(smtp.to('reader@example.com')[0]!, 'confirm');
    const again = await call(server.app, 'POST', '/api/subscribers/confirm', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ confirmed: true, alreadyConfirmed: true });
    expect((await subscriberRow('reader@example.com'))!.status).toBe('confirmed');
    // A token that was never mailed tells nothing about any address.
    const unknown = await call(server.app, 'POST', '/api/subscribers/confirm', { token: `${token}x` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.token).toBe('This link is not valid, or it has expired.');
  });

  it('refuses an expired confirmation link', async () => {
    const before = smtp.to('late@example.com').length;
    await subscribe('late@example.com');
    await waitFor('the confirmation mail', async () => smtp.to('late@example.com').length > before);
    await server.db.execute(sql`update subscriber_tokens set expires_at = now() - interval '1 second'`);
    const { token } = linkIn(smtp.to('late@example.com').at(-1)!, 'confirm');
    const response = await call(server.app, 'POST', '/api/subscribers/confirm', { token });
    expect(response.statusCode).toBe(400);
    expect((await subscriberRow('late@example.com'))!.status).toBe('pending');
  });

  it('answers a new, a pending and a confirmed address byte for byte the same', async () => {
    const fresh = await subscribe('brand-new@example.com');
    const pending = await subscribe('brand-new@example.com');
    const confirmed = await subscribe('reader@example.com');
    for (const response of [pending, confirmed]) {
      expect(response.statusCode).toBe(fresh.statusCode);
      expect(response.body).toBe(fresh.body);
      expect(response.headers['content-type']).toBe(fresh.headers['content-type']);
      expect(response.headers['content-length']).toBe(fresh.headers['content-length']);
    }
  });

  it('sends at most one mail for 20 sign-ups of one address within a minute', async () => {
    const email = 'eager@example.com';
    const answers = await Promise.all(Array.from({ length: 20 }, () => subscribe(email)));
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    await waitFor('the confirmation mail', async () => smtp.to(email).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(email)).toHaveLength(1);
    const queued = await server.db
      .select()
      .from(schema.mailQueue)
      .where(eq(schema.mailQueue.recipient, email));
    expect(queued).toHaveLength(1);
  });

  it("counts plus-address and Gmail dot variants against one mailbox's hourly limit", async () => {
    const variants = ['victim+1@example.org', 'victim+2@example.org', 'VICTIM+news@example.org'];
    const gmail = ['first.last@gmail.com', 'firstlast+x@googlemail.com', 'f.i.r.s.t.last@gmail.com'];
    for (const email of [...variants, ...gmail]) expect((await subscribe(email)).statusCode).toBe(201);
    await waitFor('the first confirmation of each mailbox', async () =>
      [variants[0]!, gmail[0]!].every((email) => smtp.to(email).length === 1),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mailed = (emails: string[]) => emails.flatMap((email) => smtp.to(email.toLowerCase()));
    expect(mailed(variants)).toHaveLength(1);
    expect(mailed(gmail)).toHaveLength(1);
    // Dots count only at Gmail: elsewhere they name another mailbox.
    expect((await subscribe('vic.tim@example.org')).statusCode).toBe(201);
    await waitFor('the confirmation to vic.tim', async () => smtp.to('vic.tim@example.org').length === 1);
  });

  it('stores nothing and sends nothing for a filled honeypot, and answers as usual', async () => {
    const normal = await subscribe('human@example.com');
    const bot = await subscribe('bot@example.com', { website: 'https://spam.example' });
    expect(bot.statusCode).toBe(201);
    expect(bot.body).toBe(normal.body);
    expect(await subscriberRow('bot@example.com')).toBeUndefined();
  });
});

describe('sign-up limits per IP address', () => {
  it('answers 429 with Retry-After past the limit, and stores nothing then', async () => {
    const limited = await startTestServer({ signupRateLimit: { perIp: 3, windowMs: 60_000 } });
    try {
      for (let i = 0; i < 3; i++)
        expect(
          (await call(limited.app, 'POST', '/api/subscribers', { email: `a${i}@example.com`, consent: true }))
            .statusCode,
        ).toBe(201);
      const blocked = await call(limited.app, 'POST', '/api/subscribers', {
        email: 'a9@example.com',
        consent: true,
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().message).toMatch(
        /^Too many sign-ups from your network\. Try again in \d+ seconds\.$/,
      );
      expect(await limited.db.$count(schema.subscribers)).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

describe('broadcasts', () => {
  it('reach every confirmed address once, and no pending or unsubscribed one', async () => {
    await confirmedSubscriber('one@example.com');
    await confirmedSubscriber('two@example.com');
    await confirmedSubscriber('leaver@example.com');
    await subscribe('undecided@example.com');
    // leaver unsubscribes with the link of the mail it got.
    const { token } = linkIn(smtp.to('leaver@example.com').at(-1)!, 'unsubscribe');
    expect((await call(server.app, 'POST', '/api/subscribers/unsubscribe', { token })).statusCode).toBe(200);

    const confirmed = (
      await server.db.select().from(schema.subscribers).where(eq(schema.subscribers.status, 'confirmed'))
    ).map((row) => row.email);
    const id = await sendBroadcast('Day 100', 'We reached **day 100**. [Read more](/milestones/1-day-100)');
    for (const email of confirmed) {
      const mails = smtp.to(email).filter((mail) => mail.mail.subject === 'Day 100');
      expect(mails, email).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.mail.html).toContain('<strong>day 100</strong>');
      expect(mail!.mail.html).toContain(`href="${PUBLIC_URL}/milestones/1-day-100"`);
      expect(mail!.mail.text).toContain(`${PUBLIC_URL}/milestones/1-day-100`);
      expect(mail!.header('List-Unsubscribe')).toMatch(
        /^<https:\/\/journey\.example\/newsletter\/unsubscribe\?token=.+>$/,
      );
      expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    }
    for (const email of ['leaver@example.com', 'undecided@example.com'])
      expect(
        smtp.to(email).filter((mail) => mail.mail.subject === 'Day 100'),
        email,
      ).toHaveLength(0);

    const status = await asAdmin('GET', `/api/admin/broadcasts/${id}`);
    expect(status.json()).toMatchObject({
      status: 'sent',
      counts: { queued: 0, sent: confirmed.length, failed: 0 },
    });
  });

  it('unsubscribes with the one-click POST from any site, after which no broadcast reaches the address', async () => {
    const mail = smtp.to('two@example.com').find((m) => m.mail.subject === 'Day 100')!;
    const url = mail.header('List-Unsubscribe')!.slice(1, -1);
    const response = await server.app.inject({
      method: 'POST',
      url: url.slice(PUBLIC_URL.length),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.provider.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect((await subscriberRow('two@example.com'))!.status).toBe('unsubscribed');

    await sendBroadcast('Day 101', 'Another day.');
    expect(smtp.to('two@example.com').filter((m) => m.mail.subject === 'Day 101')).toHaveLength(0);
    expect(smtp.to('one@example.com').filter((m) => m.mail.subject === 'Day 101')).toHaveLength(1);
  });

  it('refuses a one-click POST without its body or with an unknown token', async () => {
    const mail = smtp.to('one@example.com').find((m) => m.mail.subject === 'Day 101')!;
    const path = mail.header('List-Unsubscribe')!.slice(1, -1).slice(PUBLIC_URL.length);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const noBody = await server.app.inject({ method: 'POST', url: path, headers: form, payload: 'x=1' });
    expect(noBody.statusCode).toBe(400);
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/newsletter/unsubscribe?token=nope',
      headers: form,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.statusCode).toBe(400);
    expect((await subscriberRow('one@example.com'))!.status).toBe('confirmed');
  });

  it('answers a one-click POST whose token comes twice with a 400 and the error body', async () => {
    const mail = smtp.to('one@example.com').find((m) => m.mail.subject === 'Day 101')!;
    const { token } = linkIn(mail, 'unsubscribe');
    const twice = await server.app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}&token=b`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: 'This link is not valid, or it has expired.' });
    expect((await subscriberRow('one@example.com'))!.status).toBe('confirmed');
  });

  it('a reader who signs up again after unsubscribing gets mail only after confirming anew', async () => {
    await server.db
      .update(schema.subscribers)
      .set({ confirmationQueuedAt: null })
      .where(eq(schema.subscribers.email, 'two@example.com'));
    await confirmedSubscriber('two@example.com');
    await sendBroadcast('Day 102', 'Welcome back.');
    expect(smtp.to('two@example.com').filter((m) => m.mail.subject === 'Day 102')).toHaveLength(1);
  });

  it('takes the one-click body as multipart/form-data too, as RFC 8058 allows', async () => {
    const mail = smtp.to('two@example.com').find((m) => m.mail.subject === 'Day 102')!;
    const path = mail.header('List-Unsubscribe')!.slice(1, -1).slice(PUBLIC_URL.length);
    const boundary = '----provider';
    const response = await server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(200);
    expect((await subscriberRow('two@example.com'))!.status).toBe('unsubscribed');
  });

  it('retries a temporary refusal and gives up on a permanent one, with the reason', async () => {
    await server.db.insert(schema.subscribers).values([
      { email: BOUNCING, status: 'confirmed', consentVersion: 'v1' },
      { email: GREYLISTED, status: 'confirmed', consentVersion: 'v1' },
    ]);
    const id = await sendBroadcast('Day 103', 'Mail for everyone.');
    expect(smtp.to(GREYLISTED).filter((m) => m.mail.subject === 'Day 103')).toHaveLength(1);
    expect(smtp.to(BOUNCING)).toHaveLength(0);
    const status = (await asAdmin('GET', `/api/admin/broadcasts/${id}`)).json();
    expect(status.counts.failed).toBe(1);
    const failures = await asAdmin(
      'GET',
      `/api/trpc/newsletter.failures?input=${encodeURIComponent(JSON.stringify({ id }))}`,
    );
    expect(failures.json().result.data).toEqual([
      { recipient: BOUNCING, reason: expect.stringContaining('550') },
    ]);
  });

  it('sends a test to the admin only, and refuses to send or edit a broadcast twice', async () => {
    const draft = (
      await asAdmin('POST', '/api/admin/broadcasts', { subject: 'Draft', body: 'Hello' })
    ).json();
    const test = await asAdmin('POST', `/api/admin/broadcasts/${draft.id}/test`);
    expect(test.statusCode).toBe(202);
    await waitFor('the test mail', async () =>
      smtp.to('founder@example.com').some((m) => m.mail.subject === '[Test] Draft'),
    );
    expect((await asAdmin('GET', `/api/admin/broadcasts/${draft.id}`)).json().counts).toEqual({
      queued: 0,
      sent: 0,
      failed: 0,
    });

    expect((await asAdmin('POST', `/api/admin/broadcasts/${draft.id}/send`)).statusCode).toBe(202);
    const twice = await asAdmin('POST', `/api/admin/broadcasts/${draft.id}/send`);
    expect(twice.statusCode).toBe(409);
    const edit = await asAdmin('PUT', `/api/admin/broadcasts/${draft.id}`, { subject: 'x', body: 'y' });
    expect(edit.statusCode).toBe(409);
  });

  it('checks a draft as any other input, and keeps every path for the admin', async () => {
    const bad = await asAdmin('POST', '/api/admin/broadcasts', { subject: 'Two\nlines', body: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      subject: 'Subject must be a single line.',
      body: 'Body is required.',
    });
    for (const [method, url] of [
      ['GET', '/api/admin/broadcasts'],
      ['POST', '/api/admin/broadcasts'],
      ['GET', '/api/admin/broadcasts/1'],
      ['PUT', '/api/admin/broadcasts/1'],
      ['POST', '/api/admin/broadcasts/1/send'],
    ] as const)
      expect(
        (await call(server.app, method, url, method === 'GET' ? undefined : { subject: 's', body: 'b' }))
          .statusCode,
        url,
      ).toBe(401);
  });
});

describe('deleting', () => {
  it("drops a subscriber's queued mail with it", async () => {
    await server.db
      .insert(schema.subscribers)
      .values({ email: 'queued@example.com', status: 'confirmed', consentVersion: 'v1' });
    const [row] = await server.db
      .select()
      .from(schema.subscribers)
      .where(eq(schema.subscribers.email, 'queued@example.com'));
    await server.db.insert(schema.mailQueue).values({
      kind: 'confirmation',
      subscriberId: row!.id,
      recipient: 'queued@example.com',
      linkOrigin: PUBLIC_URL,
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    const removed = await asAdmin('POST', '/api/trpc/subscribers.delete', { id: row!.id });
    expect(removed.statusCode).toBe(200);
    const left = await server.db
      .select()
      .from(schema.mailQueue)
      .where(eq(schema.mailQueue.recipient, 'queued@example.com'));
    expect(left).toEqual([]);
  });

  it('lets a reader delete their own address from the unsubscribe link', async () => {
    const mail = smtp.to('one@example.com').at(-1)!;
    const { token } = linkIn(mail, 'unsubscribe');
    const erased = await call(server.app, 'POST', '/api/subscribers/erase', { token });
    expect(erased.statusCode).toBe(200);
    expect(await subscriberRow('one@example.com')).toBeUndefined();
    expect((await call(server.app, 'POST', '/api/subscribers/erase', { token })).statusCode).toBe(400);
  });
});
