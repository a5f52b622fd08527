import { hashSessionToken, schema } from '@journey/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  call,
  registerAdmin,
  registerAdminWith,
  sessionCookie,
  tokenOf,
  useAdminServer,
  useTestServer,
  type TestServer,
} from './helpers';

/** A registration as the Register tab sends it. */
const register = (server: TestServer, fields: { username: string; password: string; email: string }) =>
  call(server.app, 'POST', '/api/register', fields);
/** Another account than the admin's, with a valid password. */
const account = (username: string, email: string) => ({ username, email, password: 'secret123' });

describe('auth on a closed registration', () => {
  const server = useTestServer({ loginRateLimit: { perIp: 1000, perUsername: 1000, windowMs: 60_000 } });
  let adminCookie: string;
  /** The admin's login: the session cookie it sets. */
  const signIn = async () =>
    sessionCookie(
      await call(server.app, 'POST', '/api/login', { username: ADMIN.username, password: ADMIN.password }),
    );

  it('tells the register tab that registration is open before the first account', async () => {
    const response = await call(server.app, 'GET', '/api/trpc/auth.registrationStatus');
    expect(response.json()).toMatchObject({ result: { data: { open: true } } });
  });

  it('creates the admin with the first registration, signs it in and never returns the hash', async () => {
    const response = await register(server, ADMIN);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toEqual({
      id: expect.any(Number),
      username: ADMIN.username,
      email: ADMIN.email,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(response.body).not.toContain('scrypt');
    adminCookie = sessionCookie(response);
    const me = await call(server.app, 'GET', '/api/user', undefined, adminCookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
    const [stored] = await server.db.select().from(schema.users);
    expect(stored?.password).toMatch(/^scrypt\$/);
    expect(stored?.password).not.toContain(ADMIN.password);
  });

  it('closes registration after the first account: 403 and nothing stored', async () => {
    const response = await register(server, account('intruder', 'intruder@example.com'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Registration is closed' });
    expect(await server.db.$count(schema.users)).toBe(1);
    const status = await call(server.app, 'GET', '/api/trpc/auth.registrationStatus');
    expect(status.json()).toMatchObject({ result: { data: { open: false } } });
  });

  it('answers 401 to /api/user without a session, and with a forged cookie', async () => {
    for (const cookie of [undefined, 'journey_session=forged.value', 'journey_session=']) {
      const response = await call(server.app, 'GET', '/api/user', undefined, cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'You must be signed in.' });
    }
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const wrong = await call(server.app, 'POST', '/api/login', {
      username: ADMIN.username,
      password: 'wrong-pass',
    });
    const unknown = await call(server.app, 'POST', '/api/login', {
      username: 'nobody',
      password: 'wrong-pass',
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid username or password' });
      expect(response.cookies.find((c) => c.name === 'journey_session')).toBeUndefined();
    }
  });

  it('validates login with the spec messages', async () => {
    const response = await call(server.app, 'POST', '/api/login', { username: 'ab', password: '123' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Username must be at least 3 characters',
      errors: {
        username: 'Username must be at least 3 characters',
        password: 'Password must be at least 6 characters',
      },
    });
  });

  it('validates registration fields by name', async () => {
    const response = await register(server, { username: 'x', password: '1', email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
      email: 'Please enter a valid email address.',
    });
  });

  it('issues a new session at login, stores only its hash, and keeps the cookie safe', async () => {
    const first = await call(server.app, 'POST', '/api/login', {
      username: 'FOUNDER',
      password: ADMIN.password,
    });
    expect(first.statusCode).toBe(200);
    const second = await call(
      server.app,
      'POST',
      '/api/login',
      { username: ADMIN.username, password: ADMIN.password },
      sessionCookie(first),
    );
    expect(second.statusCode).toBe(200);
    const before = sessionCookie(first);
    const after = sessionCookie(second);
    expect(after).not.toBe(before);
    // The session used to sign in again is gone: rotation, not reuse.
    expect((await call(server.app, 'GET', '/api/user', undefined, before)).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/user', undefined, after)).statusCode).toBe(200);

    const cookie = second.cookies.find((c) => c.name === 'journey_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
    const lifetimeDays = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(29.9);
    expect(lifetimeDays).toBeLessThanOrEqual(30);

    const token = decodeURIComponent(cookie.value).split('.')[0]!;
    expect(token.length).toBeGreaterThanOrEqual(22); // 128 bits and more of randomness
    const ids = (await server.db.select({ id: schema.sessions.id }).from(schema.sessions)).map((r) => r.id);
    expect(ids).toContain(hashSessionToken(token));
    expect(ids).not.toContain(token);
  });

  it('renews a session used after half its life (sliding expiry)', async () => {
    const cookie = await signIn();
    const id = hashSessionToken(tokenOf(cookie));
    const twentyDaysAgo = Date.now() - 20 * 86_400_000;
    await server.db
      .update(schema.sessions)
      .set({ data: { renewedAt: twentyDaysAgo }, expiresAt: sql`now() + interval '10 days'` })
      .where(eq(schema.sessions.id, id));

    const response = await call(server.app, 'GET', '/api/user', undefined, cookie);
    expect(response.statusCode).toBe(200);
    const renewed = response.cookies.find((c) => c.name === 'journey_session');
    expect(renewed).toBeDefined();
    const [row] = await server.db.select().from(schema.sessions).where(eq(schema.sessions.id, id));
    expect((row!.expiresAt.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
  });

  it('does not renew a fresh session on every request', async () => {
    const response = await call(server.app, 'GET', '/api/user', undefined, await signIn());
    expect(response.cookies.find((c) => c.name === 'journey_session')).toBeUndefined();
  });

  it('rejects an expired session', async () => {
    const cookie = await signIn();
    const id = hashSessionToken(tokenOf(cookie));
    await server.db
      .update(schema.sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.sessions.id, id));
    expect((await call(server.app, 'GET', '/api/user', undefined, cookie)).statusCode).toBe(401);
  });

  it('destroys the session at logout: the same cookie then gets 401', async () => {
    const cookie = await signIn();
    const logout = await call(server.app, 'POST', '/api/logout', undefined, cookie);
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expect((await call(server.app, 'GET', '/api/user', undefined, cookie)).statusCode).toBe(401);
    // Logging out without a session is harmless.
    expect((await call(server.app, 'POST', '/api/logout')).statusCode).toBe(204);
  });

  it('serves the same auth through tRPC with the same error body inside its envelope', async () => {
    const me = await call(server.app, 'GET', '/api/trpc/auth.me', undefined, adminCookie);
    expect(me.json()).toMatchObject({ result: { data: { username: ADMIN.username } } });
    const anonymous = await call(server.app, 'GET', '/api/trpc/auth.me');
    expect(anonymous.json()).toEqual({ result: { data: null } });
    const bad = await call(server.app, 'POST', '/api/trpc/auth.login', {
      username: 'ab',
      password: 'secret1',
    });
    expect(bad.statusCode).toBe(400);
    const error = bad.json().error;
    expect(error.message).toBe('Username must be at least 3 characters');
    expect(error.errors).toEqual({ username: 'Username must be at least 3 characters' });
    expect(JSON.stringify(error)).not.toMatch(/stack|\.ts:\d+/);
  });
});

describe('auth with ALLOW_REGISTRATION=true', () => {
  const server = useTestServer({ env: { ALLOW_REGISTRATION: 'true' } });

  it('keeps registration open and answers 409 naming the duplicate field', async () => {
    await registerAdmin(server.app);
    const second = await register(server, account('cofounder', 'co@example.com'));
    expect(second.statusCode).toBe(201);
    const sameName = await register(server, account('CoFounder', 'other@example.com'));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({
      message: 'Username already exists',
      errors: { username: 'Username already exists' },
    });
    const sameEmail = await register(server, account('third', 'CO@example.com'));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().errors).toEqual({ email: 'Email is already registered' });
    expect(await server.db.$count(schema.users)).toBe(2);
  });
});

describe('login rate limits', () => {
  const { server } = useAdminServer({ loginRateLimit: { perIp: 3, perUsername: 5, windowMs: 60_000 } });

  const attempt = (ip: string, username: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { username, password: 'wrong-password' },
    });

  it('answers 429 with Retry-After after repeated attempts from one IP', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('10.0.0.1', `user${i}`)).statusCode).toBe(401);
    const limited = await attempt('10.0.0.1', 'user9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many login attempts/);
    // Another address is not affected.
    expect((await attempt('10.0.0.2', 'someone')).statusCode).toBe(401);
  });

  it('limits one username across addresses', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(`10.1.0.${i}`, 'target')).statusCode).toBe(401);
    expect((await attempt('10.1.0.99', 'TARGET')).statusCode).toBe(429);
  });
});

describe('cookies behind an HTTPS proxy', () => {
  const server = useTestServer({ env: { TRUST_PROXY: 'true' } });

  it('marks the session cookie Secure when the request came over HTTPS', async () => {
    const response = await registerAdminWith(server.app, { 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(201);
    expect(response.cookies.find((c) => c.name === 'journey_session')?.secure).toBe(true);
  });
});
