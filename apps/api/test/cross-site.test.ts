import { Writable } from 'node:stream';
import { schema } from '@journey/db';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_ORIGIN_MESSAGE, JSON_REQUIRED_MESSAGE } from '../src/plugins/app/cross-site';
import {
  ADMIN,
  call,
  loginAdmin,
  registerAdminWith,
  sessionCookie,
  startTestServer,
  useAdminServer,
  useTestServer,
} from './helpers';

const REVENUE = { amount: '12.50', source: 'ai', description: 'Cross-site probe', date: '2024-02-01' };

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
    const signedIn = sessionCookie(await loginAdmin(server.app));
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
