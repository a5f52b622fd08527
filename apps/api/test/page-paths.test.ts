/**
 * Page paths are lowercase: a page path written in another case is a 301 to its lowercase form, so
 * `/Admin` gets the same server-side guard as `/admin` instead of a page shell with 200.
 */
import path from 'node:path';
import { milestonePath } from '@journey/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, fakeWebBuild, registerAdmin, startTestServer, type TestServer } from './helpers';

/** The web app's real server entry, from its sources, as in milestone-pages.test.ts. */
const WEB_ENTRY = path.resolve(import.meta.dirname, '../../web/src/entry-server.tsx');

let server: TestServer;
let milestone: { id: number; title: string };

const get = (url: string, cookie?: string) =>
  server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  server = await startTestServer({
    env: { WEB_DIST_DIR: fakeWebBuild(`export * from ${JSON.stringify(WEB_ENTRY)};`) },
  });
  const cookie = await registerAdmin(server.app);
  const created = await call(
    server.app,
    'POST',
    '/api/milestones',
    {
      title: 'First customer',
      description: 'The first invoice was paid.',
      date: '2024-03-10',
      day: 70,
      isRevenue: 0,
    },
    cookie,
  );
  milestone = created.json();
});
afterAll(() => server?.close());

describe('page paths in another case', () => {
  it.each([
    ['/Admin', '/admin'],
    ['/ADMIN', '/admin'],
    ['/Auth', '/auth'],
    ['/aUtH?next=1', '/auth?next=1'],
  ])('%s is a 301 to %s', async (url, location) => {
    const response = await get(url);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  it('sends a milestone path in another case to its lowercase path, which then is the page', async () => {
    const canonical = milestonePath(milestone);
    const response = await get(canonical.toUpperCase());
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(canonical);
    expect((await get(canonical)).statusCode).toBe(200);
  });

  it('keeps the server guard: /Admin signed out ends at /auth, never a page shell', async () => {
    const first = await get('/Admin');
    expect(first.statusCode).toBe(301);
    const second = await get(first.headers.location as string);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('/auth');
  });

  it.each([
    ['/%61dmin', '/admin'],
    ['/%41dmin', '/admin'],
    ['/%61%64%6D%69%6E?tab=revenue', '/admin?tab=revenue'],
    ['/a%75th', '/auth'],
    ['/%2561dmin', null],
  ])('%s, percent-encoded, follows the rules of its decoded path', async (url, location) => {
    const response = await get(url);
    if (location === null) {
      // Encoded twice it names no page: the not-found page, never the admin's.
      expect(response.statusCode).toBe(404);
      return;
    }
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
    const landed = await get(location);
    if (location.startsWith('/admin')) {
      expect(landed.statusCode).toBe(302);
      expect(landed.headers.location).toBe('/auth');
    }
  });

  it('answers 414 to a tRPC path over the router limit with the web build served too, not 403', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await server.app.inject({ method, url: `/api/trpc/${'a'.repeat(6000)}` });
      expect(response.statusCode, method).toBe(414);
    }
    const response = await get(`/api/trpc/${'a'.repeat(6000)}`);
    expect(response.json()).toEqual({ message: 'The address is too long.' });
  });

  it('answers an unknown path in capitals with the not-found page (404), not a redirect', async () => {
    const response = await get('/Nowhere');
    expect(response.statusCode).toBe(404);
  });

  it('leaves /api paths alone: case-sensitive, JSON, never redirected', async () => {
    expect((await get('/api/revenue')).statusCode).toBe(200);
    for (const url of ['/api/REVENUE', '/api/Milestones']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message, url).toMatch(/^Not found/);
    }
    const upper = await get('/API/revenue');
    expect(upper.statusCode).toBe(404);
    expect(upper.headers.location).toBeUndefined();
  });
});
