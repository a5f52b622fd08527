import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashSessionToken, schema } from '@journey/db';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceName } from '../src/features/auth/device-name';
import { openPlaceLookup } from '../src/features/auth/place-lookup';
import {
  ADMIN,
  call,
  loginAdmin,
  registerAdmin,
  sessionCookie,
  tokenOf,
  useTestServer,
  type TestServer,
} from './helpers';
import { writeMmdb } from './support/mmdb';

/*
 * docs/decisions/085-owner-sessions.md: the owner's sessions, where each is, and ending any or all the
 * others for real (the ended session's cookie then gets 401).
 */

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const LAPTOP = { ip: '203.0.113.9', userAgent: CHROME_ON_MAC };
const PHONE = { ip: '198.51.100.7', userAgent: SAFARI_ON_IPHONE };
const TABLET = { ip: '192.0.2.44', userAgent: FIREFOX_ON_WINDOWS };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Many sign-ins from a few addresses: not what this file tests. */
const LOGIN_LIMITS = { perIp: 1000, perUsername: 1000, windowMs: 60_000 };

interface ListedSession {
  id: string;
  current: boolean;
  device: string;
  userAgent: string | null;
  ip: string | null;
  signInIp: string | null;
  place: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** The admin's sign-in from a device: the session cookie it got. */
async function signIn(
  server: TestServer,
  device: { ip: string; userAgent: string },
  password = ADMIN.password,
) {
  const response = await loginAdmin(server.app, password, {
    remoteAddress: device.ip,
    headers: { 'user-agent': device.userAgent },
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response);
}

async function sessionsOf(server: TestServer, cookie: string): Promise<ListedSession[]> {
  const response = await call(server.app, 'GET', '/api/admin/sessions', undefined, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The listed session a device's cookie holds, found by its sign-in address. */
const listedFrom = (sessions: ListedSession[], device: { ip: string }) => {
  const found = sessions.find((session) => session.signInIp === device.ip);
  if (!found) throw new Error(`no session signed in from ${device.ip}`);
  return found;
};

const userStatus = async (server: TestServer, cookie: string) =>
  (await call(server.app, 'GET', '/api/user', undefined, cookie)).statusCode;

describe("the owner's sessions", () => {
  const server = useTestServer({ loginRateLimit: LOGIN_LIMITS });
  beforeEach(async () => {
    // Each test starts with no session but the ones it signs in.
    if ((await server.db.select().from(schema.users)).length === 0) await registerAdmin(server.app);
    await server.db.execute(sql`delete from sessions`);
  });
  afterEach(() => vi.useRealTimers());

  it('lists every session with its device, address and times, and marks the current one', async () => {
    const laptop = await signIn(server, LAPTOP);
    const phone = await signIn(server, PHONE);

    const sessions = await sessionsOf(server, laptop);
    expect(sessions).toHaveLength(2);
    // This browser's own session comes first.
    expect(sessions[0]).toEqual({
      id: expect.stringMatching(UUID),
      current: true,
      device: 'Chrome 131 on macOS',
      userAgent: CHROME_ON_MAC,
      ip: LAPTOP.ip,
      signInIp: LAPTOP.ip,
      // No GEOIP_DATABASE: no place, and nothing looked up.
      place: null,
      firstSeenAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    expect(sessions[1]).toMatchObject({
      current: false,
      device: 'Safari 17 on iOS',
      ip: PHONE.ip,
      signInIp: PHONE.ip,
      place: null,
    });
    for (const session of sessions) {
      expect(new Date(session.firstSeenAt).toISOString()).toBe(session.firstSeenAt);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.firstSeenAt));
    }

    // The other browser sees the same two, with itself as the current one.
    const fromPhone = await sessionsOf(server, phone);
    expect(fromPhone.map((s) => [s.id, s.current])).toEqual([
      [sessions[1]!.id, true],
      [sessions[0]!.id, false],
    ]);

    // The ids name sessions without being their tokens or the tokens' hashes.
    const secrets = [laptop, phone].flatMap((cookie) => [tokenOf(cookie), hashSessionToken(tokenOf(cookie))]);
    const body = JSON.stringify(sessions);
    for (const secret of secrets) expect(body).not.toContain(secret);

    // tRPC answers the same list.
    const trpc = await call(server.app, 'GET', '/api/trpc/auth.sessions.list', undefined, laptop);
    expect(trpc.json().result.data.map((s: ListedSession) => s.id)).toEqual(sessions.map((s) => s.id));
  });

  it('keeps at most 512 characters of a user agent', async () => {
    const long = `${CHROME_ON_MAC} ${'x'.repeat(2000)}`;
    const cookie = await signIn(server, { ip: LAPTOP.ip, userAgent: long });
    const [session] = await sessionsOf(server, cookie);
    expect(session!.userAgent).toBe(long.slice(0, 512));
    expect(session!.device).toBe('Chrome 131 on macOS');
  });

  it('records where and when a session was last used, at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-28T10:00:00.000Z') });
    const laptop = await signIn(server, LAPTOP);
    const phone = await signIn(server, PHONE);
    const phoneUse = async (ip: string) => {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/user',
        remoteAddress: ip,
        headers: { cookie: phone },
      });
      expect(response.statusCode).toBe(200);
    };
    const phoneAsListed = async () => listedFrom(await sessionsOf(server, laptop), PHONE);

    expect(await phoneAsListed()).toMatchObject({
      firstSeenAt: '2026-11-28T10:00:00.000Z',
      lastSeenAt: '2026-11-28T10:00:00.000Z',
      ip: PHONE.ip,
    });
    // Used again within the minute, from elsewhere: nothing written yet.
    vi.setSystemTime(Date.parse('2026-11-28T10:00:59.000Z'));
    await phoneUse('198.51.100.8');
    expect(await phoneAsListed()).toMatchObject({ lastSeenAt: '2026-11-28T10:00:00.000Z', ip: PHONE.ip });
    // A minute on, the use is recorded; the sign-in's address and time stay.
    vi.setSystemTime(Date.parse('2026-11-28T10:01:00.000Z'));
    await phoneUse('198.51.100.8');
    expect(await phoneAsListed()).toMatchObject({
      firstSeenAt: '2026-11-28T10:00:00.000Z',
      lastSeenAt: '2026-11-28T10:01:00.000Z',
      ip: '198.51.100.8',
      signInIp: PHONE.ip,
    });
  });

  it('ends one other session: its cookie gets 401, the rest stay signed in', async () => {
    const laptop = await signIn(server, LAPTOP);
    const phone = await signIn(server, PHONE);
    const tablet = await signIn(server, TABLET);
    const phoneId = listedFrom(await sessionsOf(server, laptop), PHONE).id;

    const ended = await call(server.app, 'DELETE', `/api/admin/sessions/${phoneId}`, undefined, laptop);
    expect(ended.statusCode, ended.body).toBe(204);
    expect(ended.body).toBe('');

    expect(await userStatus(server, phone)).toBe(401);
    expect(await userStatus(server, laptop)).toBe(200);
    expect(await userStatus(server, tablet)).toBe(200);
    const left = await sessionsOf(server, laptop);
    expect(left.map((s) => s.signInIp).sort()).toEqual([LAPTOP.ip, TABLET.ip].sort());
    // The phone's next request did not bring its session back.
    expect(left.map((s) => s.id)).not.toContain(phoneId);

    // Gone: a second end of it is a 404.
    const again = await call(server.app, 'DELETE', `/api/admin/sessions/${phoneId}`, undefined, laptop);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Session not found' });
  });

  it('ends every other session at once and says how many, keeping this one', async () => {
    const laptop = await signIn(server, LAPTOP);
    const phone = await signIn(server, PHONE);
    const tablet = await signIn(server, TABLET);

    const ended = await call(server.app, 'DELETE', '/api/admin/sessions', undefined, laptop);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });

    expect(await userStatus(server, phone)).toBe(401);
    expect(await userStatus(server, tablet)).toBe(401);
    expect(await userStatus(server, laptop)).toBe(200);
    expect((await sessionsOf(server, laptop)).map((s) => [s.signInIp, s.current])).toEqual([
      [LAPTOP.ip, true],
    ]);

    // With none left, there is nothing to end; over tRPC too, in a batch as the web app sends it.
    const none = await call(server.app, 'POST', '/api/trpc/auth.sessions.endOthers?batch=1', {}, laptop);
    expect(none.json()).toEqual([{ result: { data: { ended: 0 } } }]);
  });

  it('ends this browser’s own session as a sign-out', async () => {
    const laptop = await signIn(server, LAPTOP);
    const phone = await signIn(server, PHONE);
    const ownId = listedFrom(await sessionsOf(server, laptop), LAPTOP).id;

    const ended = await call(server.app, 'DELETE', `/api/admin/sessions/${ownId}`, undefined, laptop);
    expect(ended.statusCode).toBe(204);

    expect(await userStatus(server, laptop)).toBe(401);
    expect(await userStatus(server, phone)).toBe(200);
  });

  it('answers 400 for an id that is no session id, 404 for an unknown one, and never a 500', async () => {
    const laptop = await signIn(server, LAPTOP);
    for (const id of ['1', 'not-a-uuid', '00000000-0000-0000-0000-00000000000g', `${'a'.repeat(40)}`]) {
      const response = await call(server.app, 'DELETE', `/api/admin/sessions/${id}`, undefined, laptop);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().errors).toEqual({ id: 'Id must be a session id.' });
    }
    const unknown = await call(
      server.app,
      'DELETE',
      '/api/admin/sessions/6f1c1f0e-9a53-4c5e-8d0e-2b8c3c1d9e7a',
      undefined,
      laptop,
    );
    expect(unknown.statusCode).toBe(404);
    // An id in capitals names the same session.
    const ownId = listedFrom(await sessionsOf(server, laptop), LAPTOP).id;
    const phone = await signIn(server, PHONE);
    const phoneId = listedFrom(await sessionsOf(server, laptop), PHONE).id;
    const upper = await call(
      server.app,
      'DELETE',
      `/api/admin/sessions/${phoneId.toUpperCase()}`,
      undefined,
      laptop,
    );
    expect(upper.statusCode).toBe(204);
    expect(await userStatus(server, phone)).toBe(401);
    expect(ownId).not.toBe(phoneId);
  });

  it('refuses anonymous callers with 401 and ends nothing', async () => {
    const laptop = await signIn(server, LAPTOP);
    const id = listedFrom(await sessionsOf(server, laptop), LAPTOP).id;
    for (const [method, url] of [
      ['GET', '/api/admin/sessions'],
      ['DELETE', '/api/admin/sessions'],
      ['DELETE', `/api/admin/sessions/${id}`],
    ] as const) {
      const response = await call(server.app, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: 'You must be signed in.' });
    }
    expect(await userStatus(server, laptop)).toBe(200);
  });

  it('documents the three operations in the OpenAPI document', async () => {
    const document = (await call(server.app, 'GET', '/api/openapi.json')).json();
    expect(Object.keys(document.paths['/admin/sessions'])).toEqual(expect.arrayContaining(['get', 'delete']));
    expect(Object.keys(document.paths['/admin/sessions/{id}'])).toEqual(['delete']);
  });
});

describe('sessions of two accounts', () => {
  const server = useTestServer({ env: { ALLOW_REGISTRATION: 'true' }, loginRateLimit: LOGIN_LIMITS });
  const OTHER = { username: 'second', email: 'second@example.com', password: 'secret123' };

  it("lists only the caller's sessions, and another user's id is a 404 that ends nothing", async () => {
    const admin = await registerAdmin(server.app);
    const registered = await call(server.app, 'POST', '/api/register', OTHER);
    expect(registered.statusCode).toBe(201);
    const other = sessionCookie(registered);

    const adminSessions = await sessionsOf(server, admin);
    const otherSessions = await sessionsOf(server, other);
    expect(adminSessions).toHaveLength(1);
    expect(otherSessions).toHaveLength(1);
    expect(otherSessions[0]!.id).not.toBe(adminSessions[0]!.id);

    const refused = await call(
      server.app,
      'DELETE',
      `/api/admin/sessions/${adminSessions[0]!.id}`,
      undefined,
      other,
    );
    expect(refused.statusCode).toBe(404);
    const endOthers = await call(server.app, 'DELETE', '/api/admin/sessions', undefined, other);
    expect(endOthers.json()).toEqual({ ended: 0 });
    expect(await userStatus(server, admin)).toBe(200);
    expect(await userStatus(server, other)).toBe(200);
  });
});

describe('changing the password', () => {
  const server = useTestServer({ loginRateLimit: LOGIN_LIMITS });

  it('ends every other session; the new one is the only one listed', async () => {
    await registerAdmin(server.app);
    await server.db.execute(sql`delete from sessions`);
    const laptop = await signIn(server, LAPTOP);
    const phone = await signIn(server, PHONE);

    const changed = await call(
      server.app,
      'POST',
      '/api/user/password',
      { currentPassword: ADMIN.password, newPassword: 'a-new-password-42' },
      laptop,
    );
    expect(changed.statusCode, changed.body).toBe(204);
    const renewed = sessionCookie(changed);

    expect(await userStatus(server, phone)).toBe(401);
    expect(await userStatus(server, laptop)).toBe(401);
    const sessions = await sessionsOf(server, renewed);
    expect(sessions).toHaveLength(1);
    // The new session is this browser's, signed in from where the change was made.
    expect(sessions[0]).toMatchObject({ current: true, device: 'lightMyRequest' });
  });
});

describe('places, with GEOIP_DATABASE', () => {
  // A database of two test networks (RFC 5737), written here: MaxMind's test files cannot be fetched.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'journey-geoip-'));
  const geoip = path.join(dir, 'city.mmdb');
  writeMmdb(geoip, [
    {
      cidr: '203.0.113.0/24',
      record: {
        city: { geoname_id: 2267057, names: { en: 'Lisbon', pt: 'Lisboa' } },
        country: { geoname_id: 2264397, iso_code: 'PT', names: { en: 'Portugal' } },
      },
    },
    {
      cidr: '198.51.100.0/24',
      record: { country: { geoname_id: 1861060, iso_code: 'JP', names: { en: 'Japan' } } },
    },
  ]);
  const server = useTestServer({ env: { GEOIP_DATABASE: geoip }, loginRateLimit: LOGIN_LIMITS });

  it('shows roughly where each session was last used, as far as the database knows', async () => {
    await registerAdmin(server.app);
    await server.db.execute(sql`delete from sessions`);
    const laptop = await signIn(server, LAPTOP);
    await signIn(server, PHONE);
    await signIn(server, { ip: '127.0.0.1', userAgent: FIREFOX_ON_WINDOWS });
    // A server listening on :: sees IPv4 clients in their IPv6 form.
    await signIn(server, { ip: '::ffff:203.0.113.77', userAgent: SAFARI_ON_IPHONE });

    const places = Object.fromEntries((await sessionsOf(server, laptop)).map((s) => [s.ip, s.place]));
    expect(places).toEqual({
      [LAPTOP.ip]: 'Lisbon, Portugal',
      [PHONE.ip]: 'Japan',
      '127.0.0.1': null,
      '::ffff:203.0.113.77': 'Lisbon, Portugal',
    });
  });

  it('fails the start on a file that is not a MaxMind database, naming the variable', async () => {
    const broken = path.join(dir, 'broken.mmdb');
    writeFileSync(broken, 'not a database');
    await expect(openPlaceLookup(broken)).rejects.toThrow(
      /^GEOIP_DATABASE: cannot read a MaxMind database at /,
    );
    await expect(openPlaceLookup(path.join(dir, 'missing.mmdb'))).rejects.toThrow(
      /^GEOIP_DATABASE: .*ENOENT/,
    );
  });
});

describe('device names', () => {
  it.each([
    [CHROME_ON_MAC, 'Chrome 131 on macOS'],
    [SAFARI_ON_IPHONE, 'Safari 17 on iOS'],
    [FIREFOX_ON_WINDOWS, 'Firefox 133 on Windows'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome 131 on Android',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
    ['   ', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%s → %s', (userAgent, name) => {
    expect(deviceName(userAgent)).toBe(name);
  });
});
