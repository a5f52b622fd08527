import { schema } from '@journey/db';
import { asc, eq, like } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, loginAdmin, registerAdmin, useTestServer, type TestServer } from './helpers';
import { SoftwareAuthenticator } from './support/software-authenticator';

/*
 * docs/decisions/087-passkeys.md: passkeys registered and used over REST with a software authenticator;
 * challenges single use and short lived, origin and relying party checked, the login limits applied,
 * other sessions ended, and one audit row per change and per sign-in.
 */

const SESSION_COOKIE = 'journey_session';
const CHALLENGE_COOKIE = 'journey_login_challenge';
// An injected request's Host is localhost:80, so the relying party is the request's own.
const ORIGIN = 'http://localhost';

let clock = new Date('2026-11-28T12:00:00Z');
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const cookiePair = (response: LightMyRequestResponse, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
};

const post = (
  server: TestServer,
  url: string,
  payload?: unknown,
  cookie?: string,
  extra: Partial<InjectOptions> = {},
) =>
  server.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    ...extra,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...extra.headers },
  });

async function addPasskey(
  server: TestServer,
  authenticator: SoftwareAuthenticator,
  cookie: string,
  name: string,
) {
  const options = await post(server, '/api/admin/factors/passkeys/options', undefined, cookie);
  expect(options.statusCode, options.body).toBe(200);
  const added = await post(
    server,
    '/api/admin/factors/passkeys',
    { name, response: authenticator.create(options.json()) },
    cookie,
  );
  expect(added.statusCode, added.body).toBe(201);
  return added.json();
}

async function loginOptions(server: TestServer, extra: Partial<InjectOptions> = {}) {
  const response = await post(server, '/api/login/passkey/options', undefined, undefined, extra);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const signIn = (server: TestServer, response: unknown, cookie?: string, extra: Partial<InjectOptions> = {}) =>
  post(server, '/api/login/passkey', { response }, cookie, extra);

const auditRows = (server: TestServer, action: string) =>
  server.db
    .select()
    .from(schema.auditEvents)
    .where(like(schema.auditEvents.action, action))
    .orderBy(asc(schema.auditEvents.id));

describe('passkeys', () => {
  const server = useTestServer({
    now: () => clock,
    loginRateLimit: { perIp: 1000, perUsername: 1000, windowMs: 60_000 },
  });
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  let cookie: string;
  let first: { id: string; name: string };

  beforeAll(async () => {
    cookie = await registerAdmin(server.app);
  });

  it('answers 401 to every passkey admin call without a session', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/factors/passkeys', undefined],
      ['POST', '/api/admin/factors/passkeys/options', undefined],
      ['POST', '/api/admin/factors/passkeys', { name: 'x', response: {} }],
      ['PUT', '/api/admin/factors/passkeys/abc', { name: 'x' }],
      ['DELETE', '/api/admin/factors/passkeys/abc', undefined],
    ] as const) {
      expect((await call(server.app, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('registers a discoverable passkey, ends the other sessions, and lists it', async () => {
    const other = cookiePair(await loginAdmin(server.app), SESSION_COOKIE);
    const options = (await post(server, '/api/admin/factors/passkeys/options', undefined, cookie)).json();
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: ADMIN.username },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      excludeCredentials: [],
    });
    const [challenge] = await server.db.select().from(schema.webauthnChallenges);
    expect(challenge).toMatchObject({ id: options.challenge, ceremony: 'registration' });
    expect(challenge!.expiresAt.getTime() - clock.getTime()).toBe(5 * 60 * 1000);

    const added = await post(
      server,
      '/api/admin/factors/passkeys',
      { name: ' Laptop ', response: authenticator.create(options) },
      cookie,
    );
    expect(added.statusCode, added.body).toBe(201);
    first = added.json();
    expect(first).toEqual({
      id: authenticator.credentials[0]!.id.toString('base64url'),
      name: 'Laptop',
      createdAt: clock.toISOString(),
      lastUsedAt: null,
      backedUp: false,
    });
    // The challenge was spent, the handle is random (not the id or the name), and it is kept.
    expect(await server.db.select().from(schema.webauthnChallenges)).toEqual([]);
    const [row] = await server.db.select().from(schema.passkeys);
    expect(row!.userHandle).toBe(options.user.id);
    expect(row!.userHandle).not.toContain(ADMIN.username);
    expect((await call(server.app, 'GET', '/api/user', undefined, other)).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/user', undefined, cookie)).statusCode).toBe(200);

    const list = await call(server.app, 'GET', '/api/admin/factors/passkeys', undefined, cookie);
    expect(list.json()).toEqual([first]);
    const factors = (await call(server.app, 'GET', '/api/admin/factors', undefined, cookie)).json();
    expect(factors.methods).toEqual(['passkey']);

    // The same response again: its challenge is spent.
    const again = await post(
      server,
      '/api/admin/factors/passkeys',
      { name: 'Again', response: authenticator.create(options) },
      cookie,
    );
    expect(again.statusCode).toBe(400);
    authenticator.credentials.pop();
  });

  it('reuses the account’s user handle and excludes the passkeys it has', async () => {
    const options = (await post(server, '/api/admin/factors/passkeys/options', undefined, cookie)).json();
    const [stored] = await server.db.select().from(schema.passkeys);
    expect(options.user.id).toBe(stored!.userHandle);
    expect(options.excludeCredentials).toEqual([
      { id: first.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('signs in with the passkey alone, once per challenge, and notes its use', async () => {
    const options = await loginOptions(server);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const response = authenticator.get(options, {}, authenticator.credentials[0]);
    later(1000);
    const signedIn = await signIn(server, response);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ username: ADMIN.username, email: ADMIN.email });
    const session = cookiePair(signedIn, SESSION_COOKIE);
    expect((await call(server.app, 'GET', '/api/user', undefined, session)).statusCode).toBe(200);
    const [row] = await server.db.select().from(schema.passkeys);
    expect(row).toMatchObject({ counter: 1, lastUsedAt: clock });

    // The same signed assertion again: its challenge was spent.
    const replayed = await signIn(server, response);
    expect(replayed.statusCode).toBe(401);
    expect(cookiePair(replayed, SESSION_COOKIE)).toBeUndefined();
    const succeeded = await auditRows(server, 'sign-in.succeeded');
    expect(succeeded.filter((r) => (r.detail as { method: string }).method === 'passkey')).toHaveLength(1);
    const failed = await auditRows(server, 'sign-in.failed');
    expect(failed.at(-1)).toMatchObject({ actor: ADMIN.username, detail: { method: 'passkey' } });
  });

  it('refuses an expired challenge, a wrong origin, a wrong relying party and no user verification', async () => {
    const expiring = await loginOptions(server);
    later(5 * 60 * 1000 + 1);
    expect((await signIn(server, authenticator.get(expiring))).statusCode).toBe(401);

    const wrongOrigin = authenticator.get(await loginOptions(server), { origin: 'https://evil.example' });
    expect((await signIn(server, wrongOrigin)).statusCode).toBe(401);
    const wrongRp = authenticator.get(await loginOptions(server), { rpId: 'evil.example' });
    expect((await signIn(server, wrongRp)).statusCode).toBe(401);
    const unverified = authenticator.get(await loginOptions(server), { userVerified: false });
    expect((await signIn(server, unverified)).statusCode).toBe(401);

    // A registration from another origin is refused too.
    const options = (await post(server, '/api/admin/factors/passkeys/options', undefined, cookie)).json();
    const foreign = await post(
      server,
      '/api/admin/factors/passkeys',
      { name: 'Foreign', response: authenticator.create(options, { origin: 'https://evil.example' }) },
      cookie,
    );
    expect(foreign.statusCode).toBe(400);
    authenticator.credentials.pop();
    expect(await server.db.select().from(schema.passkeys)).toHaveLength(1);
  });

  it('completes a password’s second step, and refuses a passkey of another account there', async () => {
    const required = await call(server.app, 'PUT', '/api/admin/factors/required', { required: true }, cookie);
    expect(required.statusCode, required.body).toBe(200);
    const password = await loginAdmin(server.app);
    expect(password.json()).toEqual({ secondFactorRequired: true, methods: ['passkey'] });
    expect(cookiePair(password, SESSION_COOKIE)).toBeUndefined();
    const challenge = cookiePair(password, CHALLENGE_COOKIE);
    const done = await signIn(server, authenticator.get(await loginOptions(server)), challenge);
    expect(done.statusCode, done.body).toBe(200);
    expect(cookiePair(done, SESSION_COOKIE)).toBeDefined();
    expect(done.cookies.find((c) => c.name === CHALLENGE_COOKIE)?.value).toBe('');
    expect(await server.db.select().from(schema.loginChallenges)).toEqual([]);

    // A second account's pending password step: the owner's passkey does not complete it.
    const otherUser = await server.db
      .insert(schema.users)
      .values({ username: 'someone', email: 'someone@example.com', password: 'x' })
      .returning();
    const { createLoginChallenge } = await import('@journey/db');
    await createLoginChallenge(server.db, {
      token: 'pending-token',
      userId: otherUser[0]!.id,
      now: clock,
      expiresAt: new Date(clock.getTime() + 60_000),
    });
    const refused = await signIn(
      server,
      authenticator.get(await loginOptions(server)),
      `${CHALLENGE_COOKIE}=pending-token`,
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/another account/);
    await server.db.delete(schema.users).where(eq(schema.users.id, otherUser[0]!.id));
  });

  it('renames, keeps the last factor while required, removes, and writes one audit row each', async () => {
    const renamed = await call(
      server.app,
      'PUT',
      `/api/admin/factors/passkeys/${first.id}`,
      { name: 'Work laptop' },
      cookie,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: first.id, name: 'Work laptop' });
    const blank = await call(
      server.app,
      'PUT',
      `/api/admin/factors/passkeys/${first.id}`,
      { name: ' ' },
      cookie,
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ name: 'Name is required.' });

    const kept = await call(
      server.app,
      'DELETE',
      `/api/admin/factors/passkeys/${first.id}`,
      undefined,
      cookie,
    );
    expect(kept.statusCode).toBe(409);
    await call(server.app, 'PUT', '/api/admin/factors/required', { required: false }, cookie);

    const second = await addPasskey(server, authenticator, cookie, 'Phone');
    const elsewhere = cookiePair(
      await signIn(server, authenticator.get(await loginOptions(server))),
      SESSION_COOKIE,
    );
    expect((await call(server.app, 'GET', '/api/user', undefined, elsewhere)).statusCode).toBe(200);
    const removed = await call(
      server.app,
      'DELETE',
      `/api/admin/factors/passkeys/${first.id}`,
      undefined,
      cookie,
    );
    expect(removed.statusCode).toBe(204);
    expect((await call(server.app, 'GET', '/api/user', undefined, elsewhere)).statusCode).toBe(401);
    expect(
      (await call(server.app, 'DELETE', `/api/admin/factors/passkeys/${first.id}`, undefined, cookie))
        .statusCode,
    ).toBe(404);
    // The removed passkey signs nobody in.
    const gone = authenticator.get(await loginOptions(server), {}, authenticator.credentials[0]);
    expect((await signIn(server, gone)).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/admin/factors/passkeys', undefined, cookie)).json()).toEqual([
      expect.objectContaining({ id: second.id, name: 'Phone' }),
    ]);

    // Each registration's options also leave a `factor.passkey-setup-started` row; the changes are these.
    const rows = (await auditRows(server, 'factor.passkey-%')).filter(
      (row) => row.action !== 'factor.passkey-setup-started',
    );
    expect(rows.map((r) => [r.action, r.subject, r.detail])).toEqual([
      ['factor.passkey-added', `passkey:${first.id}`, { name: 'Laptop' }],
      ['factor.passkey-renamed', `passkey:${first.id}`, { name: 'Work laptop' }],
      ['factor.passkey-added', `passkey:${second.id}`, { name: 'Phone' }],
      ['factor.passkey-removed', `passkey:${first.id}`, { name: 'Work laptop' }],
    ]);
  });

  it('lists its paths in the OpenAPI document', async () => {
    const document = (await call(server.app, 'GET', '/api/openapi.json')).json();
    expect(Object.keys(document.paths['/admin/factors/passkeys']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/admin/factors/passkeys/options'])).toEqual(['post']);
    expect(Object.keys(document.paths['/admin/factors/passkeys/{id}']).sort()).toEqual(['delete', 'put']);
    expect(Object.keys(document.paths['/login/passkey/options'])).toEqual(['post']);
    expect(Object.keys(document.paths['/login/passkey'])).toEqual(['post']);
  });
});

describe('the login limits on passkeys', () => {
  const LIMIT = 3;
  const server = useTestServer({
    now: () => clock,
    loginRateLimit: { perIp: 1000, perUsername: LIMIT, windowMs: 60_000 },
  });

  it('count every passkey sign-in against the account, and refuse with 429 past the limit', async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const cookie = await registerAdmin(server.app);
    await addPasskey(server, authenticator, cookie, 'Laptop');
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      const response = authenticator.get(await loginOptions(server), { origin: 'https://evil.example' });
      const wrong = await signIn(server, response, undefined, { remoteAddress: `10.8.0.${attempt}` });
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const limited = await signIn(server, authenticator.get(await loginOptions(server)), undefined, {
      remoteAddress: '10.8.0.99',
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(cookiePair(limited, SESSION_COOKIE)).toBeUndefined();
    // The password is limited as well now: the passkey spent the account's attempts.
    expect((await loginAdmin(server.app, ADMIN.password, { remoteAddress: '10.8.1.1' })).statusCode).toBe(
      429,
    );
  });
});
