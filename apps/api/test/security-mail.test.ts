/**
 * docs/decisions/089-security-mail.md: the owner is mailed, through a real SMTP server, on a sign-in
 * from a new device, on a factor change and on a recovery code's use, with a link that ends the session
 * it tells of; nothing is mailed for a known device, and nothing at all without SMTP. PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */
import { schema } from '@journey/db';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@journey/testing';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  call,
  loginAdmin,
  registerAdmin,
  sessionCookie,
  startTestServer,
  type TestServer,
} from './helpers';
import { MAIL_PUBLIC_URL, startMailingServer } from './mail-server';

const PUBLIC_URL = MAIL_PUBLIC_URL;
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ELSEWHERE = '203.0.113.7';

let smtp: SmtpSink;
let server: TestServer;
let owner: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startMailingServer(smtp, {
    loginRateLimit: { perIp: 1000, perUsername: 1000, windowMs: 60_000 },
  });
  owner = await registerAdmin(server.app);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const cookiePair = (response: LightMyRequestResponse, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
};

/** A password sign-in from another browser: its answer, session and device cookies. */
async function signInElsewhere(extra: Partial<InjectOptions> = {}) {
  const response = await loginAdmin(server.app, ADMIN.password, {
    remoteAddress: ELSEWHERE,
    ...extra,
    headers: { 'user-agent': FIREFOX_ON_WINDOWS, ...extra.headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { response, session: sessionCookie(response), device: cookiePair(response, 'journey_device')! };
}

/** Waits for the `count`th message in all and returns it. */
async function nthMail(count: number): Promise<ReceivedMail> {
  await smtp.waitForCount(count);
  return smtp.received[count - 1]!;
}

function endLinkIn(mail: ReceivedMail): string {
  const match = /https:\/\/journey\.example\/account\/end-session\?token=([^\s)>\]]+)/.exec(
    mail.mail.text ?? '',
  );
  if (!match) throw new Error(`no end-session link in:\n${mail.mail.text}`);
  return decodeURIComponent(match[1]!);
}

const endFromMail = (token: string) => call(server.app, 'POST', '/api/sessions/end-from-mail', { token });

describe('security notices', () => {
  let elsewhere: { session: string; device: string };
  let token: string;

  it('sends nothing for the account’s creation', async () => {
    // The next notice must be the first message: registration queued none.
    const rows = await server.db.select().from(schema.mailQueue).where(eq(schema.mailQueue.kind, 'security'));
    expect(rows).toEqual([]);
  });

  it('mails the owner on a sign-in from a new device: when, the device, the address, and a link to end it', async () => {
    elsewhere = await signInElsewhere();
    const mail = await nthMail(1);
    expect(mail.to).toEqual([ADMIN.email]);
    expect(mail.mail.subject).toBe('New sign-in · Solo Unicorn');
    const text = mail.mail.text ?? '';
    expect(text).toContain('Your account was signed in to from a device it had not been used on before.');
    expect(text).toContain('Device: Firefox 133 on Windows');
    expect(text).toContain(`Address: ${ELSEWHERE}`);
    expect(text).toContain('Signed in with: password');
    expect(text).toMatch(/When: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
    // A notice is not a list's mail: no unsubscribe header or link.
    expect(mail.header('list-unsubscribe')).toBeUndefined();
    expect(text).not.toContain('Unsubscribe');
    expect(mail.mail.html).toContain('end that session</a>');
    token = endLinkIn(mail);
  });

  it('mails nothing when a known device signs in again', async () => {
    await signInElsewhere({ headers: { cookie: elsewhere.device } });
    // The queue holds the one notice so far: the known device queued none.
    const rows = await server.db.select().from(schema.mailQueue).where(eq(schema.mailQueue.kind, 'security'));
    expect(rows).toHaveLength(1);
  });

  it('ends that session from the link, once, and refuses a forged or altered link', async () => {
    expect((await call(server.app, 'GET', '/api/user', undefined, elsewhere.session)).statusCode).toBe(200);
    const ended = await endFromMail(token);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: true });
    expect((await call(server.app, 'GET', '/api/user', undefined, elsewhere.session)).statusCode).toBe(401);
    // The owner's own session is untouched.
    expect((await call(server.app, 'GET', '/api/user', undefined, owner)).statusCode).toBe(200);
    expect((await endFromMail(token)).json()).toEqual({ ended: false });

    const altered = `${token.slice(0, -4)}AAAA`;
    for (const bad of [altered, 'v1:abc:def:ghi:jkl', 'not-a-token']) {
      const answer = await endFromMail(bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().message).toBe(
        'This link has expired or is not valid. Sign in and end the session from the Account tab.',
      );
    }
    const audit = await server.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.action, 'session.ended')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: ADMIN.username, detail: { via: 'mail link' } });
  });

  it('mails on a factor change, and on a recovery code’s use', async () => {
    const enrolled = await call(server.app, 'POST', '/api/admin/factors/totp', undefined, owner);
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const { secret } = enrolled.json() as { secret: string };
    const confirmed = await call(
      server.app,
      'POST',
      '/api/admin/factors/totp/confirm',
      { code: await generate({ secret }) },
      owner,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    const turnedOn = await nthMail(2);
    expect(turnedOn.mail.subject).toBe('One-time codes were turned on · Solo Unicorn');
    expect(turnedOn.mail.text).toContain('end that session');

    // From the known device: the recovery code is the only news.
    const password = await loginAdmin(server.app, ADMIN.password, { headers: { cookie: elsewhere.device } });
    const challenge = cookiePair(password, 'journey_login_challenge')!;
    const second = await server.app.inject({
      method: 'POST',
      url: '/api/login/second-factor',
      payload: { code: recoveryCodes[0] },
      headers: { cookie: `${challenge}; ${elsewhere.device}`, 'user-agent': FIREFOX_ON_WINDOWS },
      remoteAddress: ELSEWHERE,
    });
    expect(second.statusCode, second.body).toBe(200);
    const recovery = await nthMail(3);
    expect(recovery.mail.subject).toBe('A recovery code was used · Solo Unicorn');
    expect(recovery.mail.text).toContain('Signed in with: password and a recovery code');
    const recoveredSession = sessionCookie(second);
    expect((await endFromMail(endLinkIn(recovery))).json()).toEqual({ ended: true });
    expect((await call(server.app, 'GET', '/api/user', undefined, recoveredSession)).statusCode).toBe(401);
    // Ending it from the link is not a factor change: three notices in all.
    const rows = await server.db.select().from(schema.mailQueue).where(eq(schema.mailQueue.kind, 'security'));
    expect(rows).toHaveLength(3);
  });
});

describe('without SMTP', () => {
  let local: TestServer;
  beforeAll(async () => {
    local = await startTestServer({ env: { PUBLIC_URL } });
    await registerAdmin(local.app);
  });
  afterAll(() => local?.close());

  it('queues no notice: the outbox is readable by whoever holds the account', async () => {
    const response = await loginAdmin(local.app, ADMIN.password, { remoteAddress: ELSEWHERE });
    expect(response.statusCode).toBe(200);
    const audit = await local.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.action, 'sign-in.succeeded'));
    expect(audit.at(-1)?.detail).toMatchObject({ newDevice: true });
    const rows = await local.db.select().from(schema.mailQueue).where(eq(schema.mailQueue.kind, 'security'));
    expect(rows).toEqual([]);
  });
});
