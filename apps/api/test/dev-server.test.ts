/**
 * The developer loop (`pnpm dev`): the API from its sources (tsx, as `pnpm --filter @journey/api dev`
 * runs it) with WEB_DEV, serving the web app through Vite in middleware mode (src/http/web-dev.ts):
 * its pages are rendered on the server as in production, and registering, signing in and adding
 * revenue work from them, while a foreign origin is still refused.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, http, type HttpAnswer } from './support/http';
import {
  killServerProcess,
  serverDatabase,
  startServerProcess,
  type ServerDatabase,
  type ServerProcess,
} from './support/server-process';

const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

describe('pnpm dev: the web app from its sources, rendered on the server', () => {
  let database: ServerDatabase;
  let api: ServerProcess | undefined;
  let base = '';

  beforeAll(async () => {
    database = await serverDatabase();
    api = await startServerProcess({
      ...database.env,
      NODE_ENV: 'development',
      WEB_DEV: 'true',
      WEB_DIST_DIR,
    });
    base = api.base;
  });

  afterAll(async () => {
    await killServerProcess(api);
    await database?.cleanup();
  });

  /** What a page of the dev server sends with a write: its own origin, same-origin, JSON. */
  const browserWrite = (path: string, body: unknown, cookie?: string, origin = base) =>
    http(base, 'POST', path, {
      ...(body === undefined ? {} : { body }),
      ...(cookie ? { cookie } : {}),
      headers: { origin, 'sec-fetch-site': origin === base ? 'same-origin' : 'cross-site' },
    });
  const cookieOf = (answer: HttpAnswer) => {
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('journey_session='));
    if (!cookie) throw new Error(`no session cookie in ${answer.status} ${JSON.stringify(answer.body)}`);
    return cookie.split(';', 1)[0]!;
  };

  it('renders a page on the server, with Vite serving its modules', async () => {
    const page = await http(base, 'GET', '/');
    expect(page.status).toBe(200);
    const html = String(page.body);
    expect(html).toMatch(/<h1[^>]*id="hero-title"[^>]*>[^<]+<\/h1>/);
    expect(html).toContain('id="app-state"');
    expect(html).toContain('src="/@vite/client"');
    const entry = await http(base, 'GET', '/src/entry-client.tsx');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
  });

  it('registers, signs in and adds revenue, over tRPC (as the web app) and REST', async () => {
    const register = await browserWrite('/api/trpc/auth.register', ADMIN);
    expect(register.status, JSON.stringify(register.body)).toBe(200);

    const login = await browserWrite('/api/trpc/auth.login', {
      username: ADMIN.username,
      password: ADMIN.password,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const cookie = cookieOf(login);

    const entry = { amount: '125.50', source: 'ai', description: 'Added under pnpm dev', date: '2025-02-01' };
    const viaTrpc = await browserWrite('/api/trpc/revenue.create', entry, cookie);
    expect(viaTrpc.status, JSON.stringify(viaTrpc.body)).toBe(200);
    const viaRest = await browserWrite('/api/revenue', { ...entry, amount: '4.50' }, cookie);
    expect(viaRest.status, JSON.stringify(viaRest.body)).toBe(201);
    const totals = await http(base, 'GET', '/api/revenue');
    expect(totals.body).toMatchObject({ totalRevenue: '130.00' });

    // The spec's logout: no body, no content type.
    const logout = await browserWrite('/api/logout', undefined, cookie);
    expect(logout.status).toBe(204);
    expect((await http(base, 'GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('still refuses a write from another origin', async () => {
    const answer = await browserWrite(
      '/api/login',
      { username: ADMIN.username, password: ADMIN.password },
      undefined,
      'http://evil.example',
    );
    expect(answer.status).toBe(403);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});
