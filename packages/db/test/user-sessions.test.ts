import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSessionStore,
  endOtherUserSessions,
  endUserSession,
  hashSessionToken,
  listUserSessions,
  noteSessionSeen,
  registerUser,
  schema,
  type SessionData,
  type SessionStore,
} from '../src';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

/** docs/decisions/085-owner-sessions.md: what the session store keeps per session, and the list's queries. */

let test: TestDatabase;
let store: SessionStore;
let owner: number;
let other: number;

beforeAll(async () => {
  test = await createTestDatabase();
  store = createSessionStore(test.handle.db, { maxAgeMs: 60_000, absoluteMaxAgeMs: 120_000 });
  const register = async (username: string) => {
    const result = await registerUser(
      test.handle.db,
      { username, passwordHash: 'x', email: `${username}@example.com` },
      { openToAll: true },
    );
    if (!result.ok) throw new Error(result.reason);
    return result.user.id;
  };
  owner = await register('owner');
  other = await register('other');
});
afterAll(() => test?.cleanup());
beforeEach(() => test.handle.db.execute(sql`delete from sessions`));

const save = (token: string, session: SessionData) =>
  new Promise<void>((resolve, reject) =>
    store.set(token, session, (error) => (error ? reject(error as Error) : resolve())),
  );
const load = (token: string) =>
  new Promise<SessionData | null | undefined>((resolve, reject) =>
    store.get(token, (error, data) => (error ? reject(error as Error) : resolve(data))),
  );

/** A sign-in's first save, as the session plugin makes it. */
const signIn = (token: string, userId: number, ip: string, createdAt = Date.now()) =>
  save(token, { userId, createdAt, renewedAt: createdAt, signIn: { userAgent: `agent of ${token}`, ip } });

const rowOf = async (token: string) => {
  const [row] = await test.handle.db
    .select()
    .from(schema.sessions)
    .where(eq(schema.sessions.id, hashSessionToken(token)));
  return row;
};

describe('the session store', () => {
  it('writes the sign-in’s browser and address with a new session, and a random public id', async () => {
    const signedInAt = Date.parse('2026-11-28T09:00:00.000Z');
    await signIn('token-a', owner, '203.0.113.9', signedInAt);
    const row = await rowOf('token-a');
    expect(row).toMatchObject({
      userId: owner,
      userAgent: 'agent of token-a',
      signInIp: '203.0.113.9',
      lastIp: '203.0.113.9',
      createdAt: new Date(signedInAt),
    });
    expect(row!.publicId).toMatch(/^[0-9a-f-]{36}$/);
    expect(row!.lastSeenAt).toBeInstanceOf(Date);
    // The data keeps what the lifetime needs, not the sign-in details (they have their columns).
    expect(row!.data).toEqual({ createdAt: signedInAt, renewedAt: signedInAt });
  });

  it('hands back when the session was last seen', async () => {
    await signIn('token-b', owner, '203.0.113.9');
    await noteSessionSeen(test.handle.db, 'token-b', {
      at: new Date('2030-01-01T00:00:00Z'),
      ip: '192.0.2.1',
    });
    expect(await load('token-b')).toMatchObject({
      userId: owner,
      lastSeenAt: Date.parse('2030-01-01T00:00:00Z'),
    });
    expect(await rowOf('token-b')).toMatchObject({ lastIp: '192.0.2.1', signInIp: '203.0.113.9' });
  });

  it('never brings back a session ended while one of its requests ran', async () => {
    await signIn('token-c', owner, '203.0.113.9');
    const loaded = await load('token-c');
    expect(loaded).toBeTruthy();
    // Ended from another browser; then the request that had read it renews it.
    await test.handle.db.delete(schema.sessions).where(eq(schema.sessions.id, hashSessionToken('token-c')));
    await save('token-c', { ...loaded!, renewedAt: Date.now() });
    expect(await rowOf('token-c')).toBeUndefined();
    expect(await load('token-c')).toBeNull();
  });

  it('renews a session it read by updating its row, the sign-in details kept', async () => {
    await signIn('token-d', owner, '203.0.113.9');
    const loaded = await load('token-d');
    const before = await rowOf('token-d');
    await save('token-d', { ...loaded!, renewedAt: Date.now() + 1000 });
    const after = await rowOf('token-d');
    expect(after).toMatchObject({
      publicId: before!.publicId,
      userAgent: 'agent of token-d',
      signInIp: '203.0.113.9',
    });
    expect((after!.data as SessionData).renewedAt).toBeGreaterThan((before!.data as SessionData).renewedAt!);
  });
});

describe("a user's sessions", () => {
  it('lists the live ones of that user only, the current first, then the most recently seen', async () => {
    await signIn('old', owner, '192.0.2.1');
    await signIn('recent', owner, '192.0.2.2');
    await signIn('mine', owner, '192.0.2.3');
    await signIn('theirs', other, '192.0.2.4');
    await noteSessionSeen(test.handle.db, 'old', { at: new Date('2030-01-01T00:00:00Z'), ip: '192.0.2.1' });
    await noteSessionSeen(test.handle.db, 'recent', {
      at: new Date('2030-01-02T00:00:00Z'),
      ip: '192.0.2.9',
    });
    await test.handle.db.insert(schema.sessions).values({
      id: hashSessionToken('expired'),
      userId: owner,
      data: {},
      expiresAt: new Date(Date.now() - 1000),
    });

    const listed = await listUserSessions(test.handle.db, owner, 'mine');
    expect(listed.map((s) => [s.signInIp, s.lastIp, s.current])).toEqual([
      ['192.0.2.3', '192.0.2.3', true],
      ['192.0.2.2', '192.0.2.9', false],
      ['192.0.2.1', '192.0.2.1', false],
    ]);
    expect(listed[1]!.lastSeenAt).toEqual(new Date('2030-01-02T00:00:00Z'));
  });

  it('shows a session from before 085 as last seen when it signed in', async () => {
    const createdAt = new Date('2026-01-01T00:00:00Z');
    await test.handle.db.insert(schema.sessions).values({
      id: hashSessionToken('older'),
      userId: owner,
      data: {},
      expiresAt: new Date(Date.now() + 60_000),
      createdAt,
    });
    const [listed] = await listUserSessions(test.handle.db, owner, 'someone else');
    expect(listed).toMatchObject({ userAgent: null, signInIp: null, lastIp: null, current: false });
    expect(listed!.firstSeenAt).toEqual(createdAt);
    expect(listed!.lastSeenAt).toEqual(createdAt);
    expect((await load('older'))?.lastSeenAt).toBe(createdAt.getTime());
  });

  it('ends one session of the user by its public id, and none of another user', async () => {
    await signIn('mine', owner, '192.0.2.3');
    await signIn('phone', owner, '192.0.2.5');
    await signIn('theirs', other, '192.0.2.4');
    const phone = (await rowOf('phone'))!.publicId;
    const theirs = (await rowOf('theirs'))!.publicId;

    expect(await endUserSession(test.handle.db, owner, theirs, 'mine')).toBeNull();
    expect(await rowOf('theirs')).toBeDefined();
    expect(await endUserSession(test.handle.db, owner, phone, 'mine')).toEqual({ current: false });
    expect(await rowOf('phone')).toBeUndefined();
    expect(await endUserSession(test.handle.db, owner, phone, 'mine')).toBeNull();
    const own = (await rowOf('mine'))!.publicId;
    expect(await endUserSession(test.handle.db, owner, own, 'mine')).toEqual({ current: true });
  });

  it('ends every other session of the user, keeping the current one and other users’', async () => {
    await signIn('mine', owner, '192.0.2.3');
    await signIn('phone', owner, '192.0.2.5');
    await signIn('tablet', owner, '192.0.2.6');
    await signIn('theirs', other, '192.0.2.4');
    expect(await endOtherUserSessions(test.handle.db, owner, 'mine')).toBe(2);
    expect(await rowOf('mine')).toBeDefined();
    expect(await rowOf('theirs')).toBeDefined();
    expect(await endOtherUserSessions(test.handle.db, owner, 'mine')).toBe(0);
  });
});
