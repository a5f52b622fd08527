import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addPasskey,
  consumeWebauthnChallenge,
  findPasskey,
  listPasskeys,
  notePasskeyUsed,
  passkeyUserHandle,
  readSecondFactors,
  registerUser,
  removePasskey,
  removeTotp,
  renamePasskey,
  saveWebauthnChallenge,
  schema,
  setSecondFactorRequired,
} from '../src';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

/** docs/decisions/087-passkeys.md: passkeys stored and listed, and challenges spent once. */

let test: TestDatabase;
let owner: number;
let other: number;
const now = new Date('2026-11-28T12:00:00.000Z');
const minutesLater = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const passkey = (id: string, userId: number, name: string) => ({
  id,
  userId,
  name,
  publicKey: `key-${id}`,
  counter: 0,
  transports: ['internal'],
  deviceType: 'singleDevice',
  backedUp: false,
  userHandle: `handle-${userId}`,
});

beforeAll(async () => {
  test = await createTestDatabase();
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
beforeEach(async () => {
  await test.handle.db.execute(sql`delete from passkeys`);
  await test.handle.db.execute(sql`delete from webauthn_challenges`);
  await test.handle.db.execute(sql`update users set require_second_factor = false`);
});

describe('passkeys', () => {
  it('stores, lists per user oldest first, renames only the owner’s, and notes a use', async () => {
    const db = test.handle.db;
    await addPasskey(db, { ...passkey('b', owner, 'Phone'), createdAt: minutesLater(1) });
    await addPasskey(db, { ...passkey('a', owner, 'Laptop'), createdAt: now });
    await addPasskey(db, passkey('c', other, 'Theirs'));
    expect((await listPasskeys(db, owner)).map((row) => row.name)).toEqual(['Laptop', 'Phone']);
    expect(await passkeyUserHandle(db, owner)).toBe(`handle-${owner}`);
    expect(await renamePasskey(db, owner, 'c', 'Mine now')).toBeNull();
    expect(await renamePasskey(db, owner, 'a', 'Work laptop')).toMatchObject({ name: 'Work laptop' });
    await notePasskeyUsed(db, 'a', {
      counter: 7,
      backedUp: true,
      deviceType: 'multiDevice',
      at: minutesLater(2),
    });
    expect(await findPasskey(db, 'a')).toMatchObject({
      counter: 7,
      backedUp: true,
      deviceType: 'multiDevice',
      lastUsedAt: minutesLater(2),
    });
    expect((await readSecondFactors(db, owner)).passkeys).toBe(2);
    // A name the check constraint refuses never reaches the table.
    await expect(addPasskey(db, passkey('d', owner, ''))).rejects.toThrow();
  });

  it('counts as the factor a requirement needs, and keeps the last factor while required', async () => {
    const db = test.handle.db;
    expect(await setSecondFactorRequired(db, owner, true)).toBe('no-factor');
    await addPasskey(db, passkey('a', owner, 'Laptop'));
    await addPasskey(db, passkey('b', owner, 'Phone'));
    expect(await setSecondFactorRequired(db, owner, true)).toBe('saved');
    expect(await removePasskey(db, owner, 'x')).toEqual({ result: 'none' });
    expect(await removePasskey(db, other, 'a')).toEqual({ result: 'none' });
    expect(await removePasskey(db, owner, 'a')).toMatchObject({
      result: 'removed',
      passkey: { name: 'Laptop' },
    });
    expect(await removePasskey(db, owner, 'b')).toEqual({ result: 'required' });
    // No TOTP to remove, but a passkey stands for the requirement.
    expect(await removeTotp(db, owner)).toBe('none');
    await setSecondFactorRequired(db, owner, false);
    expect(await removePasskey(db, owner, 'b')).toMatchObject({ result: 'removed' });
  });
});

describe('WebAuthn challenges', () => {
  it('are spent once, only for their ceremony and user, and not after they expire', async () => {
    const db = test.handle.db;
    await saveWebauthnChallenge(db, {
      id: 'reg',
      ceremony: 'registration',
      userId: owner,
      now,
      expiresAt: minutesLater(5),
    });
    await saveWebauthnChallenge(db, {
      id: 'auth',
      ceremony: 'authentication',
      userId: null,
      now,
      expiresAt: minutesLater(5),
    });
    expect(await consumeWebauthnChallenge(db, { id: 'reg', ceremony: 'authentication', now })).toBe(false);
    expect(
      await consumeWebauthnChallenge(db, { id: 'reg', ceremony: 'registration', userId: other, now }),
    ).toBe(false);
    expect(
      await consumeWebauthnChallenge(db, { id: 'reg', ceremony: 'registration', userId: owner, now }),
    ).toBe(true);
    expect(
      await consumeWebauthnChallenge(db, { id: 'reg', ceremony: 'registration', userId: owner, now }),
    ).toBe(false);
    expect(
      await consumeWebauthnChallenge(db, { id: 'auth', ceremony: 'authentication', now: minutesLater(5) }),
    ).toBe(false);
  });

  it('are spent by one of two requests at once', async () => {
    const db = test.handle.db;
    await saveWebauthnChallenge(db, {
      id: 'once',
      ceremony: 'authentication',
      userId: null,
      now,
      expiresAt: minutesLater(5),
    });
    const both = await Promise.all([
      consumeWebauthnChallenge(db, { id: 'once', ceremony: 'authentication', now }),
      consumeWebauthnChallenge(db, { id: 'once', ceremony: 'authentication', now }),
    ]);
    expect(both.sort()).toEqual([false, true]);
  });

  it('purges the expired ones when a new one is handed out', async () => {
    const db = test.handle.db;
    await saveWebauthnChallenge(db, {
      id: 'old',
      ceremony: 'authentication',
      userId: null,
      now,
      expiresAt: minutesLater(5),
    });
    await saveWebauthnChallenge(db, {
      id: 'new',
      ceremony: 'authentication',
      userId: null,
      now: minutesLater(6),
      expiresAt: minutesLater(11),
    });
    expect((await db.select().from(schema.webauthnChallenges)).map((row) => row.id)).toEqual(['new']);
  });
});
