import { schema } from '@journey/db';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, loginAdmin, registerAdmin, useTestServer, type TestServer } from './helpers';

/*
 * docs/decisions/086-one-time-codes.md: a TOTP enrolled and confirmed with a code computed here from the
 * secret the server answered, the sign-in's second step, replays, recovery codes, the requirement, and
 * the login limits applied to codes.
 */

const CHALLENGE_COOKIE = 'journey_login_challenge';
const SESSION_COOKIE = 'journey_session';
const STEP_MS = 30_000;
const RECOVERY_CODE = /^[a-z2-7]{7}(-[a-z2-7]{7}){3}$/;

/** The server's clock, moved by the tests: a code's window and a challenge's five minutes follow it. */
let clock = new Date('2026-11-28T12:00:05Z');
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** The code an authenticator app shows for `secret`, `stepsAhead` steps after the server's now. */
const codeFor = (secret: string, stepsAhead = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor((clock.getTime() + stepsAhead * STEP_MS) / 1000) });

const cookiePair = (response: LightMyRequestResponse, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
};

/** The password step: its answer and the challenge cookie it set. */
async function passwordStep(server: TestServer, extra: Partial<InjectOptions> = {}) {
  const response = await loginAdmin(server.app, ADMIN.password, extra);
  expect(response.statusCode, response.body).toBe(200);
  return { response, challenge: cookiePair(response, CHALLENGE_COOKIE) };
}

const secondStep = (
  server: TestServer,
  code: string,
  challenge?: string,
  extra: Partial<InjectOptions> = {},
) =>
  server.app.inject({
    method: 'POST',
    url: '/api/login/second-factor',
    payload: { code },
    ...extra,
    headers: { ...(challenge ? { cookie: challenge } : {}), ...extra.headers },
  });

/** Both steps with `code`: the second step's answer. */
async function signInWith(server: TestServer, code: string) {
  const { challenge } = await passwordStep(server);
  return secondStep(server, code, challenge);
}

async function enroll(server: TestServer, cookie: string): Promise<{ secret: string; otpauthUrl: string }> {
  const response = await call(server.app, 'POST', '/api/admin/factors/totp', undefined, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function confirm(server: TestServer, cookie: string, code: string) {
  return call(server.app, 'POST', '/api/admin/factors/totp/confirm', { code }, cookie);
}

const factorsOf = async (server: TestServer, cookie: string) => {
  const response = await call(server.app, 'GET', '/api/admin/factors', undefined, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('one-time codes', () => {
  const server = useTestServer({
    now: () => clock,
    loginRateLimit: { perIp: 1000, perUsername: 1000, windowMs: 60_000 },
  });
  let cookie: string;
  let secret: string;
  let recoveryCodes: string[];
  /** A session signed in with the password alone, before the TOTP was confirmed. */
  let otherSession: string | undefined;

  beforeAll(async () => {
    cookie = await registerAdmin(server.app);
  });

  it('answers 401 to every factor call without a session', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/factors', undefined],
      ['POST', '/api/admin/factors/totp', undefined],
      ['POST', '/api/admin/factors/totp/confirm', { code: '123456' }],
      ['DELETE', '/api/admin/factors/totp', undefined],
      ['PUT', '/api/admin/factors/required', { required: true }],
    ] as const) {
      const response = await call(server.app, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toBe('You must be signed in.');
    }
  });

  it('enrolls a pending TOTP, sealed at rest, that sign-in does not ask for until it is confirmed', async () => {
    const first = await enroll(server, cookie);
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(first.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(first.secret);
    expect(decodeURIComponent(url.pathname)).toMatch(new RegExp(`:${ADMIN.username}$`));
    const [row] = await server.db.select().from(schema.userFactors);
    expect(row).toMatchObject({ kind: 'totp', confirmedAt: null });
    expect(row!.secretSealed).toMatch(/^v1:/);
    expect(row!.secretSealed).not.toContain(first.secret);
    expect(await factorsOf(server, cookie)).toEqual({
      totp: { status: 'pending', confirmedAt: null },
      recoveryCodesLeft: 0,
      methods: [],
      required: false,
    });
    // A pending factor signs nobody out and asks nothing at sign-in.
    const login = await loginAdmin(server.app);
    expect(login.json()).toMatchObject({ username: ADMIN.username });
    otherSession = cookiePair(login, SESSION_COOKIE);
    expect(otherSession).toBeDefined();

    // Enrolling again replaces the pending secret: the first one's codes confirm nothing.
    ({ secret } = await enroll(server, cookie));
    expect(secret).not.toBe(first.secret);
    expect(await server.db.select({ n: count() }).from(schema.userFactors)).toEqual([{ n: 1 }]);
    const stale = await confirm(server, cookie, await codeFor(first.secret));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors).toEqual({ code: expect.stringMatching(/^That code is not right/) });
  });

  it('confirms with a code from the app, shows ten recovery codes once (storing their hashes), and signs out the other sessions', async () => {
    const malformed = await confirm(server, cookie, '12ab56');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ code: 'Enter the 6-digit code from your authenticator app.' });

    const response = await confirm(server, cookie, await codeFor(secret));
    expect(response.statusCode, response.body).toBe(200);
    recoveryCodes = response.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE);
    const stored = await server.db.select().from(schema.recoveryCodes);
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes.map((code) => code.replaceAll('-', ''))).not.toContain(row.codeHash);
    }
    expect(await factorsOf(server, cookie)).toEqual({
      totp: { status: 'on', confirmedAt: clock.toISOString() },
      recoveryCodesLeft: 10,
      methods: ['totp', 'recovery'],
      required: false,
    });
    // As a password change does (decision 085): the session that confirmed stays, the others end.
    expect((await call(server.app, 'GET', '/api/user', undefined, otherSession)).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/user', undefined, cookie)).statusCode).toBe(200);
    // Confirmed: enrolling again is refused until it is turned off, and nothing is pending to confirm.
    const again = await call(server.app, 'POST', '/api/admin/factors/totp', undefined, cookie);
    expect(again.statusCode).toBe(409);
    expect((await confirm(server, cookie, await codeFor(secret, 1))).statusCode).toBe(409);
  });

  it('answers a right password with the challenge, sets no session, and a code completes the sign-in', async () => {
    const { response, challenge } = await passwordStep(server);
    expect(response.json()).toEqual({ secondFactorRequired: true, methods: ['totp', 'recovery'] });
    expect(cookiePair(response, SESSION_COOKIE)).toBeUndefined();
    expect(challenge).toBeDefined();
    const set = response.cookies.find((c) => c.name === CHALLENGE_COOKIE)!;
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: 300 });
    // Only the token's hash is stored.
    const [row] = await server.db.select().from(schema.loginChallenges);
    expect(row!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.id).not.toBe(set.value);

    // The code the confirmation used was accepted already: within its window it is a replay.
    const replayed = await secondStep(server, await codeFor(secret), challenge);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().errors).toEqual({ code: 'Invalid code. Check it and try again.' });

    const signedIn = await secondStep(server, await codeFor(secret, 1), challenge);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ username: ADMIN.username, email: ADMIN.email });
    const session = cookiePair(signedIn, SESSION_COOKIE);
    expect(session).toBeDefined();
    expect((await call(server.app, 'GET', '/api/user', undefined, session)).statusCode).toBe(200);
    // The challenge was used up, and its cookie cleared.
    expect(signedIn.cookies.find((c) => c.name === CHALLENGE_COOKIE)?.value).toBe('');
    expect(await server.db.select().from(schema.loginChallenges)).toEqual([]);
    const reused = await secondStep(server, await codeFor(secret, 1), challenge);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe('Your sign-in has expired. Enter your password again.');
  });

  it('refuses a code without a challenge, after five minutes, and of another step than its window', async () => {
    const none = await secondStep(server, await codeFor(secret));
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Your sign-in has expired. Enter your password again.');

    const { challenge } = await passwordStep(server);
    later(5 * 60 * 1000 + 1);
    const expired = await secondStep(server, await codeFor(secret), challenge);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your sign-in has expired. Enter your password again.');

    // Two steps away is outside the window of one step either side.
    expect((await signInWith(server, await codeFor(secret, 2))).statusCode).toBe(401);
    expect((await signInWith(server, await codeFor(secret, -2))).statusCode).toBe(401);
    expect((await signInWith(server, 'not a code')).statusCode).toBe(401);
  });

  it('accepts a code once: the same code, or an earlier one, is refused afterwards', async () => {
    later(STEP_MS);
    const code = await codeFor(secret);
    expect((await signInWith(server, code)).statusCode).toBe(200);
    const replay = await signInWith(server, code);
    expect(replay.statusCode).toBe(401);
    expect(cookiePair(replay, SESSION_COOKIE)).toBeUndefined();
    // The previous step's code is still inside the window, but older than the one accepted.
    expect((await signInWith(server, await codeFor(secret, -1))).statusCode).toBe(401);
    // The next step's code is new.
    expect((await signInWith(server, await codeFor(secret, 1))).statusCode).toBe(200);
  });

  it('signs in once with each recovery code, typed in any case and spacing', async () => {
    const [first = '', second = ''] = recoveryCodes;
    const typed = first.toUpperCase().replaceAll('-', ' ');
    const signedIn = await signInWith(server, ` ${typed} `);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(cookiePair(signedIn, SESSION_COOKIE)).toBeDefined();
    const again = await signInWith(server, first);
    expect(again.statusCode).toBe(401);
    expect(again.json().errors).toEqual({ code: 'Invalid code. Check it and try again.' });
    expect((await factorsOf(server, cookie)).recoveryCodesLeft).toBe(9);
    expect((await signInWith(server, second)).statusCode).toBe(200);
    expect((await factorsOf(server, cookie)).recoveryCodesLeft).toBe(8);
  });

  it('serves the same sign-in over tRPC: the challenge, then the user', async () => {
    const trpc = (path: string, input: unknown, cookies?: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api/trpc/${path}`,
        headers: { 'content-type': 'application/json', ...(cookies ? { cookie: cookies } : {}) },
        payload: JSON.stringify(input),
      });
    const login = await trpc('auth.login', { username: ADMIN.username, password: ADMIN.password });
    expect(login.json().result.data).toEqual({ secondFactorRequired: true, methods: ['totp', 'recovery'] });
    // The step after the last one accepted.
    later(2 * STEP_MS);
    const done = await trpc(
      'auth.secondFactor',
      { code: await codeFor(secret) },
      cookiePair(login, CHALLENGE_COOKIE),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().result.data).toMatchObject({ username: ADMIN.username });
  });

  it('requires a second factor only while one is on, and keeps the last one while required', async () => {
    const required = await call(server.app, 'PUT', '/api/admin/factors/required', { required: true }, cookie);
    expect(required.statusCode, required.body).toBe(200);
    expect(required.json()).toMatchObject({ required: true, totp: { status: 'on' } });
    const { response } = await passwordStep(server);
    expect(response.json()).toMatchObject({ secondFactorRequired: true });
    expect(cookiePair(response, SESSION_COOKIE)).toBeUndefined();

    const kept = await call(server.app, 'DELETE', '/api/admin/factors/totp', undefined, cookie);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toMatch(/turn that off before removing the last factor/);
    expect(await factorsOf(server, cookie)).toMatchObject({ totp: { status: 'on' }, required: true });

    const off = await call(server.app, 'PUT', '/api/admin/factors/required', { required: false }, cookie);
    expect(off.json()).toMatchObject({ required: false });
    later(2 * STEP_MS);
    const elsewhere = cookiePair(await signInWith(server, await codeFor(secret)), SESSION_COOKIE);
    expect((await call(server.app, 'GET', '/api/user', undefined, elsewhere)).statusCode).toBe(200);
    const removed = await call(server.app, 'DELETE', '/api/admin/factors/totp', undefined, cookie);
    expect(removed.statusCode).toBe(204);
    expect((await call(server.app, 'GET', '/api/user', undefined, elsewhere)).statusCode).toBe(401);
    // The recovery codes went with it, and the password alone signs in again.
    expect(await server.db.select().from(schema.recoveryCodes)).toEqual([]);
    expect(await factorsOf(server, cookie)).toEqual({
      totp: { status: 'off', confirmedAt: null },
      recoveryCodesLeft: 0,
      methods: [],
      required: false,
    });
    const login = await loginAdmin(server.app);
    expect(login.json()).toMatchObject({ username: ADMIN.username });
    expect(cookiePair(login, SESSION_COOKIE)).toBeDefined();

    // Without a confirmed factor the requirement cannot be turned on, and there is nothing to remove.
    await enroll(server, cookie);
    const refused = await call(server.app, 'PUT', '/api/admin/factors/required', { required: true }, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Turn on two-factor authentication or add a passkey before requiring a second factor for every sign-in.',
    );
    const [user] = await server.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.username, ADMIN.username));
    expect(user!.requireSecondFactor).toBe(false);
    expect((await call(server.app, 'DELETE', '/api/admin/factors/totp', undefined, cookie)).statusCode).toBe(
      204,
    );
    expect((await call(server.app, 'DELETE', '/api/admin/factors/totp', undefined, cookie)).statusCode).toBe(
      404,
    );
    const badInput = await call(
      server.app,
      'PUT',
      '/api/admin/factors/required',
      { required: 'yes' },
      cookie,
    );
    expect(badInput.statusCode).toBe(400);
    expect(badInput.json().errors).toEqual({ required: 'Required must be true or false.' });
  });

  it('lists its paths in the OpenAPI document, the login answering a user or the challenge', async () => {
    const document = (await call(server.app, 'GET', '/api/openapi.json')).json();
    expect(Object.keys(document.paths['/admin/factors/totp']).sort()).toEqual(['delete', 'post']);
    expect(Object.keys(document.paths['/admin/factors/totp/confirm'])).toEqual(['post']);
    expect(Object.keys(document.paths['/admin/factors'])).toEqual(['get']);
    expect(Object.keys(document.paths['/admin/factors/required'])).toEqual(['put']);
    expect(Object.keys(document.paths['/login/second-factor'])).toEqual(['post']);
    const login = JSON.stringify(document.paths['/login'].post.responses['200']);
    expect(login).toContain('secondFactorRequired');
    expect(login).toContain('username');
  });
});

describe('the login limits on codes', () => {
  const LIMIT = 4;
  const server = useTestServer({
    now: () => clock,
    loginRateLimit: { perIp: 1000, perUsername: LIMIT, windowMs: 60_000 },
  });

  it('count every code against the account, and refuse with 429 past the limit, a right code too', async () => {
    const cookie = await registerAdmin(server.app);
    const { secret } = await enroll(server, cookie);
    expect((await confirm(server, cookie, await codeFor(secret))).statusCode).toBe(200);
    // The password step is an attempt too: one password, then wrong codes, from one challenge.
    const { challenge } = await passwordStep(server, { remoteAddress: '10.9.0.1' });
    for (let attempt = 2; attempt <= LIMIT; attempt++) {
      const wrong = await secondStep(server, '000000', challenge, { remoteAddress: `10.9.0.${attempt}` });
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const limited = await secondStep(server, await codeFor(secret, 1), challenge, {
      remoteAddress: '10.9.0.99',
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many login attempts/);
    expect(cookiePair(limited, SESSION_COOKIE)).toBeUndefined();
    // The password is limited as well now: the codes spent the account's attempts.
    expect((await loginAdmin(server.app, ADMIN.password, { remoteAddress: '10.9.1.1' })).statusCode).toBe(
      429,
    );
  });
});
