import { Writable } from 'node:stream';
import { hashSessionToken, schema } from '@journey/db';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FOREIGN_ORIGIN_MESSAGE, JSON_REQUIRED_MESSAGE } from '../src/plugins/app/cross-site';
import { DEFAULT_LOGIN_RATE_LIMIT } from '../src/features/auth/login-rate-limit';
import {
  ADMIN,
  call,
  registerAdmin,
  registerAdminWith,
  sessionCookie,
  startTestServer,
  tokenOf,
  useAdminServer,
  useTestServer,
  type TestServer,
} from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const REVENUE = { amount: '12.50', source: 'ai', description: 'Cross-site probe', date: '2024-02-01' };

const login = (server: TestServer, password = ADMIN.password, extra: Partial<InjectOptions> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: ADMIN.username, password },
    ...extra,
  });

describe('cross-site writes', () => {
  const admin = useAdminServer({ env: { PUBLIC_URL: 'https://journey.example' } });
  const { server } = admin;
  let revenueId: number;
  beforeAll(async () => {
    revenueId = (await admin.call('POST', '/api/revenue', REVENUE)).json().id;
  });

  const write = (
    method: InjectOptions['method'],
    url: string,
    headers: Record<string, string>,
    payload?: string,
  ) =>
    server.app.inject({
      method,
      url,
      headers: { cookie: admin.cookie, host: 'internal:5000', ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  const counts = async () => ({
    revenues: await server.db.$count(schema.revenues),
    totals: (await call(server.app, 'GET', '/api/revenue')).json(),
  });

  it('refuses a write from a foreign or opaque Origin with 403, whatever the route, and changes nothing', async () => {
    const before = await counts();
    const json = { 'content-type': 'application/json' };
    for (const origin of ['https://evil.example', 'http://internal:5001', 'https://internal:5000', 'null']) {
      for (const [method, url, body] of [
        ['POST', '/api/revenue', JSON.stringify(REVENUE)],
        ['POST', '/api/trpc/revenue.create', JSON.stringify(REVENUE)],
        ['PUT', `/api/admin/revenue/${revenueId}`, JSON.stringify({ ...REVENUE, amount: '1.00' })],
        ['DELETE', `/api/admin/revenue/${revenueId}`, undefined],
        ['POST', '/api/login', JSON.stringify({ username: ADMIN.username, password: ADMIN.password })],
        ['POST', '/api/logout', '{}'],
      ] as const) {
        const response = await write(method, url, { ...json, origin }, body);
        expect(response.statusCode, `${origin} ${method} ${url}`).toBe(403);
        // Refused before any route: the plain error body, tRPC paths included.
        expect(response.json()).toEqual({ message: FOREIGN_ORIGIN_MESSAGE });
      }
    }
    expect(await counts()).toEqual(before);
    // The session survived the refused logout.
    expect((await admin.call('GET', '/api/user')).statusCode).toBe(200);
  });

  const sessionCount = () => server.db.$count(schema.sessions);

  it('answers 415 to a same-site or origin-less write whose body is not JSON, before any handler', async () => {
    const before = await counts();
    const sessionsBefore = await sessionCount();
    const form = new URLSearchParams({ username: ADMIN.username, password: ADMIN.password }).toString();
    for (const origin of [undefined, 'https://journey.example']) {
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'TEXT/PLAIN; charset=utf-8',
        'application/xml',
        // A body with no type at all.
        undefined,
      ]) {
        const headers = { ...(type ? { 'content-type': type } : {}), ...(origin ? { origin } : {}) };
        for (const url of ['/api/login', '/api/revenue', '/api/trpc/auth.login']) {
          const response = await write('POST', url, headers, form);
          expect(response.statusCode, `${origin} ${type} ${url}`).toBe(415);
          expect(response.json()).toEqual({ message: JSON_REQUIRED_MESSAGE });
          // The login did not happen: no session was made or sent.
          expect(response.cookies.find((c) => c.name === 'journey_session')).toBeUndefined();
        }
      }
    }
    expect(await sessionCount()).toBe(sessionsBefore);
    expect(await counts()).toEqual(before);
  });

  it('refuses a cross-site write with 403 before looking at its content type', async () => {
    const before = await counts();
    for (const headers of [
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'multipart/form-data; boundary=x' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ] as Record<string, string>[]) {
      const withBody = await write('POST', '/api/revenue', headers, 'amount=5');
      expect(withBody.statusCode, JSON.stringify(headers)).toBe(403);
      expect(withBody.json()).toEqual({ message: FOREIGN_ORIGIN_MESSAGE });
      // A bodyless cross-site logout is no sign-out either.
      const logout = await write('POST', '/api/logout', headers);
      expect(logout.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await counts()).toEqual(before);
    expect((await admin.call('GET', '/api/user')).statusCode).toBe(200);
  });

  it('signs out on a bodyless logout that names no content type, as the spec client sends it', async () => {
    const signedIn = sessionCookie(await login(server));
    expect((await call(server.app, 'GET', '/api/user', undefined, signedIn)).statusCode).toBe(200);
    for (const headers of [{}, { origin: 'https://journey.example', 'sec-fetch-site': 'same-origin' }]) {
      const request = {
        method: 'POST',
        url: '/api/logout',
        headers: { cookie: signedIn, ...headers },
      } as const;
      const logout = await server.app.inject(request);
      expect(logout.statusCode, JSON.stringify(headers)).toBe(204);
    }
    const after = await call(server.app, 'GET', '/api/user', undefined, signedIn);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toHaveProperty('message');
  });

  it('accepts same-origin writes: the PUBLIC_URL origin, or no Origin at all (curl)', async () => {
    for (const headers of [
      { origin: 'https://journey.example', 'sec-fetch-site': 'same-origin' } as Record<string, string>,
      { origin: 'https://journey.example', 'sec-fetch-site': 'same-site' },
      {},
    ]) {
      const response = await write(
        'POST',
        '/api/revenue',
        { 'content-type': 'application/json; charset=utf-8', ...headers },
        JSON.stringify(REVENUE),
      );
      expect(response.statusCode, JSON.stringify(headers)).toBe(201);
    }
    // A bodyless write may say JSON with an empty body.
    const remove = await write('DELETE', `/api/admin/revenue/${revenueId}`, {});
    expect(remove.statusCode).toBe(204);
  });

  it('with PUBLIC_URL set, counts only its origin as this site: a DNS-rebound Host and Origin are refused', async () => {
    const before = await counts();
    for (const [host, origin] of [
      ['evil.example', 'http://evil.example'],
      ['internal:5000', 'http://internal:5000'],
    ]) {
      const response = await write(
        'POST',
        '/api/revenue',
        { host: host!, origin: origin!, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        JSON.stringify(REVENUE),
      );
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual({ message: FOREIGN_ORIGIN_MESSAGE });
    }
    expect(await counts()).toEqual(before);
  });

  it('lets reads from anywhere through (they change nothing)', async () => {
    const response = await write('GET', '/api/revenue', { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('cross-site writes without PUBLIC_URL, in production', () => {
  const server = useTestServer({ env: { NODE_ENV: 'production' } });

  it('takes the origin the request was sent to as this site, and refuses any other', async () => {
    const register = await registerAdminWith(server.app, {
      host: '127.0.0.1:5173',
      origin: 'http://127.0.0.1:5173',
      'sec-fetch-site': 'same-origin',
    });
    expect(register.statusCode).toBe(201);
    const foreign = await server.app.inject({
      method: 'POST',
      url: '/api/revenue',
      headers: { host: '127.0.0.1:5000', origin: 'http://127.0.0.1:5173', cookie: sessionCookie(register) },
      payload: REVENUE,
    });
    expect(foreign.statusCode).toBe(403);
  });
});

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

describe('the start-up warning about PUBLIC_URL', () => {
  const startUpLog = async (env: Record<string, string>) => {
    let text = '';
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        text += chunk.toString();
        callback();
      },
    });
    const server = await startTestServer({ env: { LOG_LEVEL: 'warn', ...env }, logStream });
    await server.close();
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
  };
  const publicUrlWarnings = (lines: { level: number; msg: string }[]) =>
    lines.filter((line) => line.level === 40 && line.msg.includes('PUBLIC_URL'));

  it('warns in production without PUBLIC_URL (links and the cross-site check then trust the Host)', async () => {
    const warnings = publicUrlWarnings(await startUpLog({ NODE_ENV: 'production' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/Host/);
  });

  it('stays quiet with PUBLIC_URL, or outside production', async () => {
    expect(
      publicUrlWarnings(await startUpLog({ NODE_ENV: 'production', PUBLIC_URL: 'https://journey.example' })),
    ).toEqual([]);
    expect(publicUrlWarnings(await startUpLog({ NODE_ENV: 'development' }))).toEqual([]);
  });
});

describe('session tokens and lifetime', () => {
  // Many sign-ins from one address: not what this block tests.
  const { server } = useAdminServer({ loginRateLimit: { perIp: 100, perUsername: 100, windowMs: 60_000 } });
  afterEach(() => vi.useRealTimers());

  it('issues tokens of at least 128 random bits, never twice, stored only as their SHA-256', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) tokens.add(tokenOf(sessionCookie(await login(server))));
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
    const cookie = sessionCookie(await login(server));
    vi.setSystemTime(Date.now() + 29 * DAY_MS);
    expect((await call(server.app, 'GET', '/api/user', undefined, cookie)).statusCode).toBe(200);
    // That use renewed it; the next 30 idle days end it.
    vi.setSystemTime(Date.now() + 30 * DAY_MS + 60_000);
    expect((await call(server.app, 'GET', '/api/user', undefined, cookie)).statusCode).toBe(401);
  });

  it('ends a session 90 days after sign-in however often it is used (absolute timeout)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const signedInAt = Date.now();
    const cookie = sessionCookie(await login(server));
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
    const response = await login(server, ADMIN.password, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.cookies.find((c) => c.name === 'journey_session')?.secure).toBeFalsy();
  });
});

describe('login brute force', () => {
  const { server } = useAdminServer({ loginRateLimit: { perIp: 3, perUsername: 5, windowMs: 60_000 } });
  let device: string;
  beforeAll(async () => {
    // The admin signed in from this browser before the attack.
    const earlier = await login(server, ADMIN.password, { remoteAddress: '10.9.0.1' });
    const cookie = earlier.cookies.find((c) => c.name === 'journey_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    device = `journey_device=${cookie!.value}`;
  });

  const attempt = (ip: string, password: string, cookie?: string) =>
    login(server, password, { remoteAddress: ip, headers: cookie ? { cookie } : {} });

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
        await login(server, 'whatever1', {
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
    const cookie = sessionCookie(await login(server));
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
    expect((await login(server)).statusCode).toBe(200);
  });

  it('signs out every other session, rotates this one, and only the new password opens the account', async () => {
    const here = sessionCookie(await login(server));
    const elsewhere = sessionCookie(await login(server));
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

    expect((await login(server)).statusCode).toBe(401);
    expect((await login(server, 'a whole new secret')).statusCode).toBe(200);

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
