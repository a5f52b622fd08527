import { hashSessionToken, schema } from '@journey/db';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOGIN_RATE_LIMIT } from '../src/features/auth/login-rate-limit';
import {
  ADMIN,
  call,
  loginAdmin,
  registerAdmin,
  sessionCookie,
  startTestServer,
  tokenOf,
  useAdminServer,
  useTestServer,
} from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('login limits behind a reverse proxy', () => {
  const PROXY = '10.0.0.2';
  const CLIENT = '203.0.113.7';

  // 'true' is one hop: the proxy in front is trusted, whatever the client wrote before its entry. The
  // issue's case (25 logins against the default limit of 20) once; the other forms on a smaller limit,
  // as each failed login costs a password hash.
  it.each([
    ['true', DEFAULT_LOGIN_RATE_LIMIT.perIp],
    ['1', 3],
    [PROXY, 3],
    ['10.0.0.0/8, 192.168.0.0/16', 3],
  ])(
    'TRUST_PROXY=%s: one client making up X-Forwarded-For values still meets the per-IP limit (%i)',
    async (trustProxy, perIp) => {
      const server = await startTestServer({
        env: { TRUST_PROXY: trustProxy },
        loginRateLimit: { ...DEFAULT_LOGIN_RATE_LIMIT, perIp },
      });
      const attempt = (forwardedFor: string, username: string) =>
        server.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: PROXY,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { username, password: 'wrong password' },
        });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < perIp + 5; i++) {
          // The client's made-up value, then the address the proxy saw and appended; a new username
          // each time, so only the per-IP limit can stop these.
          statuses.push((await attempt(`198.51.100.${i}, ${CLIENT}`, `guess${i}`)).statusCode);
        }
        expect(statuses).toEqual([...Array(perIp).fill(401), ...Array(5).fill(429)]);
        // Another client behind the same proxy has its own budget.
        expect((await attempt('203.0.113.8', 'someone')).statusCode).toBe(401);
      } finally {
        await server.close();
      }
    },
  );
});

describe('session tokens and lifetime', () => {
  // Many sign-ins from one address: not what this block tests.
  const { server } = useAdminServer({ loginRateLimit: { perIp: 100, perUsername: 100, windowMs: 60_000 } });
  afterEach(() => vi.useRealTimers());

  it('issues tokens of at least 128 random bits, never twice, stored only as their SHA-256', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) tokens.add(tokenOf(sessionCookie(await loginAdmin(server.app))));
    expect(tokens.size).toBe(20);
    const rows = await server.db.select({ id: schema.sessions.id }).from(schema.sessions);
    for (const token of tokens) {
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      expect(rows.map((row) => row.id)).toContain(hashSessionToken(token));
      expect(JSON.stringify(rows)).not.toContain(token);
    }
  });

  it('ends a session unused for 30 days (idle timeout)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const cookie = sessionCookie(await loginAdmin(server.app));
    vi.setSystemTime(Date.now() + 29 * DAY_MS);
    expect((await call(server.app, 'GET', '/api/user', undefined, cookie)).statusCode).toBe(200);
    // That use renewed it; the next 30 idle days end it.
    vi.setSystemTime(Date.now() + 30 * DAY_MS + 60_000);
    expect((await call(server.app, 'GET', '/api/user', undefined, cookie)).statusCode).toBe(401);
  });

  it('ends a session 90 days after sign-in however often it is used (absolute timeout)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const signedInAt = Date.now();
    const cookie = sessionCookie(await loginAdmin(server.app));
    let lastExpiry = 0;
    for (const day of [20, 40, 60, 80]) {
      vi.setSystemTime(signedInAt + day * DAY_MS);
      const response = await call(server.app, 'GET', '/api/user', undefined, cookie);
      expect(response.statusCode, `day ${day}`).toBe(200);
      const renewed = response.cookies.find((c) => c.name === 'journey_session');
      expect(renewed, `renewed on day ${day}`).toBeDefined();
      lastExpiry = new Date(renewed!.expires!).getTime();
    }
    // Renewed on day 80, the cookie still ends on day 90, not day 110; so does the stored row.
    expect(lastExpiry).toBeLessThanOrEqual(signedInAt + 90 * DAY_MS);
    const [row] = await server.db
      .select({ expiresAt: schema.sessions.expiresAt })
      .from(schema.sessions)
      .where(eq(schema.sessions.id, hashSessionToken(tokenOf(cookie))));
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(signedInAt + 90 * DAY_MS);

    vi.setSystemTime(signedInAt + 89 * DAY_MS);
    expect((await call(server.app, 'GET', '/api/user', undefined, cookie)).statusCode).toBe(200);
    vi.setSystemTime(signedInAt + 90 * DAY_MS + 60_000);
    expect((await call(server.app, 'GET', '/api/user', undefined, cookie)).statusCode).toBe(401);
  });

  it('does not mark the cookie Secure on plain HTTP when proxies are not trusted', async () => {
    const response = await loginAdmin(server.app, ADMIN.password, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.cookies.find((c) => c.name === 'journey_session')?.secure).toBeFalsy();
  });
});

describe('login brute force', () => {
  const { server } = useAdminServer({ loginRateLimit: { perIp: 3, perUsername: 5, windowMs: 60_000 } });
  let device: string;
  beforeAll(async () => {
    // The admin signed in from this browser before the attack.
    const earlier = await loginAdmin(server.app, ADMIN.password, { remoteAddress: '10.9.0.1' });
    const cookie = earlier.cookies.find((c) => c.name === 'journey_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    device = `journey_device=${cookie!.value}`;
  });

  const attempt = (ip: string, password: string, cookie?: string) =>
    loginAdmin(server.app, password, { remoteAddress: ip, headers: cookie ? { cookie } : {} });

  it('gives 429 per username across addresses, but not to the admin’s own browser on another address', async () => {
    // The admin's earlier sign-in counted too: 1 + 4 attempts spend the username's 5.
    for (let i = 0; i < 4; i++) expect((await attempt(`10.8.0.${i}`, 'guess-' + i)).statusCode).toBe(401);
    const attacker = await attempt('10.8.0.99', 'guess-99');
    expect(attacker.statusCode).toBe(429);
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password from an unknown browser waits: the username is under attack.
    expect((await attempt('10.7.0.1', ADMIN.password)).statusCode).toBe(429);
    // The admin's browser, now on another network, signs in.
    expect((await attempt('10.9.0.2', ADMIN.password, device)).statusCode).toBe(200);
  });

  it('trusts only a device cookie it signed, for the account it names', async () => {
    const value = decodeURIComponent(device.split('=')[1]!);
    const forged = [
      `journey_device=${encodeURIComponent(value.replace(/^founder:/, 'founder:x'))}`,
      `journey_device=${encodeURIComponent('founder:abc')}`,
      `journey_device=${encodeURIComponent(value.replace(/^founder/, 'someone'))}`,
    ];
    for (const cookie of forged)
      expect((await attempt('10.6.0.1', ADMIN.password, cookie)).statusCode, cookie).toBe(429);
  });

  it('still limits each address, and the trusted browser has a budget of its own', async () => {
    // The device has used 1 of its 5 (the sign-in of the first test).
    for (let i = 0; i < 3; i++)
      expect((await attempt('10.5.0.1', 'wrong-password', device)).statusCode).toBe(401);
    expect((await attempt('10.5.0.1', ADMIN.password, device)).statusCode).toBe(429);
    // That refused attempt counted as well: 5 of 5, so the device waits on any address...
    expect((await attempt('10.4.0.1', ADMIN.password, device)).statusCode).toBe(429);
    // ...while that address is free for other accounts.
    expect(
      (
        await loginAdmin(server.app, 'whatever1', {
          remoteAddress: '10.4.0.1',
          payload: { username: 'other', password: 'whatever1' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('changing the password', () => {
  const { server } = useAdminServer();

  const change = (cookie: string | undefined, body: unknown) =>
    call(server.app, 'POST', '/api/user/password', body, cookie);

  it('needs a session and the current password, and validates the new one', async () => {
    const cookie = sessionCookie(await loginAdmin(server.app));
    expect(
      (await change(undefined, { currentPassword: ADMIN.password, newPassword: 'x'.repeat(12) })).statusCode,
    ).toBe(401);
    const wrong = await change(cookie, {
      currentPassword: 'not the password',
      newPassword: 'brand new secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });
    const short = await change(cookie, { currentPassword: ADMIN.password, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().errors)).toEqual(['newPassword']);
    const same = await change(cookie, { currentPassword: ADMIN.password, newPassword: ADMIN.password });
    expect(same.json().errors).toEqual({
      newPassword: 'New password must be different from the current one',
    });
    // Nothing changed: the session and the old password still work.
    expect((await call(server.app, 'GET', '/api/user', undefined, cookie)).statusCode).toBe(200);
    expect((await loginAdmin(server.app)).statusCode).toBe(200);
  });

  it('signs out every other session, rotates this one, and only the new password opens the account', async () => {
    const here = sessionCookie(await loginAdmin(server.app));
    const elsewhere = sessionCookie(await loginAdmin(server.app));
    const viaTrpc = await server.app.inject({
      method: 'POST',
      url: '/api/trpc/auth.changePassword',
      headers: { cookie: here },
      payload: { currentPassword: ADMIN.password, newPassword: 'a whole new secret' },
    });
    expect(viaTrpc.statusCode).toBe(200);
    const rotated = sessionCookie(viaTrpc);
    expect(rotated).not.toBe(here);

    expect((await call(server.app, 'GET', '/api/user', undefined, rotated)).statusCode).toBe(200);
    expect((await call(server.app, 'GET', '/api/user', undefined, here)).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/user', undefined, elsewhere)).statusCode).toBe(401);
    const sessions = await server.db.select({ id: schema.sessions.id }).from(schema.sessions);
    expect(sessions.map((row) => row.id)).toEqual([hashSessionToken(tokenOf(rotated))]);

    expect((await loginAdmin(server.app)).statusCode).toBe(401);
    expect((await loginAdmin(server.app, 'a whole new secret')).statusCode).toBe(200);

    // And back through REST: 204, no body.
    const back = await change(rotated, {
      currentPassword: 'a whole new secret',
      newPassword: ADMIN.password,
    });
    expect(back.statusCode).toBe(204);
    expect(back.body).toBe('');
  });
});

describe('guessing the current password', () => {
  const server = useTestServer({ loginRateLimit: { perIp: 50, perUsername: 3, windowMs: 60_000 } });

  it('is limited like a login', async () => {
    const cookie = await registerAdmin(server.app);
    const guess = () =>
      call(
        server.app,
        'POST',
        '/api/user/password',
        { currentPassword: 'guess', newPassword: 'new secret 1' },
        cookie,
      );
    for (let i = 0; i < 3; i++) expect((await guess()).statusCode).toBe(400);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('caching of what only the admin may read', () => {
  const admin = useAdminServer();

  it('sends every signed-in API answer with Cache-Control: no-store', async () => {
    await call(admin.server.app, 'POST', '/api/subscribers', { email: 'reader@example.com', consent: true });
    for (const url of [
      '/api/user',
      '/api/admin/subscribers.csv',
      '/api/admin/broadcasts',
      '/api/revenues/all',
      '/api/admin/revenue/deleted',
      '/api/trpc/subscribers.page',
      '/api/trpc/subscribers.list',
      '/api/trpc/newsletter.outbox',
      '/api/trpc/auth.me',
    ]) {
      const response = await admin.call('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('leaves the public reads revalidated, for the admin too', async () => {
    for (const url of ['/api/revenue', '/api/milestones', '/api/settings']) {
      expect((await admin.call('GET', url)).headers['cache-control'], url).toBe('no-cache');
    }
  });
});
