import { revenueInput, subscriberPageInput, type SortDirection } from '@journey/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRevenue,
  createSessionStore,
  deleteExpiredSessions,
  deleteRevenue,
  getRevenueSummary,
  hashSessionToken,
  listExperiments,
  listSubscribers,
  pageSubscribers,
  registerUser,
  schema,
  signUp,
  updateRevenue,
} from '../src';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test?.cleanup());

const revenue = (amount: string, source: 'ai' | 'passive' | 'consulting') =>
  revenueInput.parse({ amount, source, description: 'A test entry', date: '2024-05-01' });

describe('database', () => {
  it('seeds the five experiments of the spec on a new database, in order', async () => {
    const experiments = await listExperiments(test.handle.db);
    expect(experiments.map((e) => e.title)).toEqual([
      'Solo App Builds',
      'Rewriting History',
      'Public Domain Flipping',
      'Self-Improvement AI',
      'AI Startup Studio',
    ]);
    expect(experiments.map((e) => e.status)).toEqual(['Active', 'Popular', 'Active', 'Popular', 'Flagship']);
  });

  it('sums totals exactly to the cent in SQL', async () => {
    const db = test.handle.db;
    expect(await getRevenueSummary(db)).toEqual({
      totalRevenue: '0.00',
      bySource: { ai: '0.00', passive: '0.00', consulting: '0.00' },
    });
    const a = await createRevenue(db, revenue('0.10', 'ai'));
    await createRevenue(db, revenue('0.20', 'ai'));
    await createRevenue(db, revenue('999999999999.99', 'passive'));
    const c = await createRevenue(db, revenue('1234.5', 'consulting'));
    expect(c.amount).toBe('1234.50');
    expect(await getRevenueSummary(db)).toEqual({
      totalRevenue: '1000000001234.79',
      bySource: { ai: '0.30', passive: '999999999999.99', consulting: '1234.50' },
    });
    await updateRevenue(db, a.id, revenue('0.05', 'consulting'));
    await deleteRevenue(db, c.id);
    expect(await getRevenueSummary(db)).toEqual({
      totalRevenue: '1000000000000.24',
      bySource: { ai: '0.20', passive: '999999999999.99', consulting: '0.05' },
    });
  });

  it('keeps one subscriber per address, and queues one confirmation mail an hour', async () => {
    const signUpAt = (now: Date) =>
      signUp(test.handle.db, {
        email: 'reader@example.com',
        consentVersion: 'v1',
        linkOrigin: 'https://example.com',
        now,
      });
    const first = new Date('2026-11-01T10:00:00Z');
    expect(await signUpAt(first)).toBe(true);
    expect(await signUpAt(new Date(first.getTime() + 59 * 60_000))).toBe(false);
    expect(await signUpAt(new Date(first.getTime() + 61 * 60_000))).toBe(true);
    const subscribers = await listSubscribers(test.handle.db);
    expect(subscribers.map((s) => [s.email, s.status])).toEqual([['reader@example.com', 'pending']]);
  });

  it('creates the first user, then closes registration unless open to all', async () => {
    const db = test.handle.db;
    const values = { username: 'founder', passwordHash: 'x', email: 'founder@example.com' };
    const first = await registerUser(db, values, { openToAll: false });
    expect(first.ok).toBe(true);
    expect(await registerUser(db, { ...values, username: 'other' }, { openToAll: false })).toEqual({
      ok: false,
      reason: 'closed',
    });
    expect(await registerUser(db, { ...values, username: 'FOUNDER' }, { openToAll: true })).toEqual({
      ok: false,
      reason: 'username_taken',
    });
    expect(await registerUser(db, { ...values, username: 'other' }, { openToAll: true })).toEqual({
      ok: false,
      reason: 'email_taken',
    });
  });

  it('stores only the SHA-256 of a session token', async () => {
    const db = test.handle.db;
    const store = createSessionStore(db, { maxAgeMs: 60_000, absoluteMaxAgeMs: 120_000 });
    const [user] = await db.select({ id: schema.users.id }).from(schema.users).limit(1);
    const token = 'raw-token-value-0123456789abcdef';
    await new Promise<void>((resolve, reject) =>
      store.set(token, { userId: user!.id }, (error) => (error ? reject(error as Error) : resolve())),
    );
    const rows = await db.select({ id: schema.sessions.id }).from(schema.sessions);
    expect(rows.map((r) => r.id)).toEqual([hashSessionToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
    const loaded = await new Promise((resolve, reject) =>
      store.get(token, (error, data) => (error ? reject(error as Error) : resolve(data))),
    );
    expect(loaded).toMatchObject({ userId: user!.id });
  });

  it('sweeps expired sessions and keeps live ones', async () => {
    const db = test.handle.db;
    const [user] = await db.select({ id: schema.users.id }).from(schema.users).limit(1);
    await db.insert(schema.sessions).values([
      { id: 'expired', userId: user!.id, data: {}, expiresAt: new Date(Date.now() - 1000) },
      { id: 'live', userId: user!.id, data: {}, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    expect(await deleteExpiredSessions(db)).toBe(1);
    const ids = (await db.select({ id: schema.sessions.id }).from(schema.sessions)).map((r) => r.id);
    expect(ids).toContain('live');
    expect(ids).not.toContain('expired');
  });

  it('pages by a timestamp without repeating or skipping rows, even within one millisecond', async () => {
    const db = test.handle.db;
    await db.execute(sql`delete from subscribers`);
    // 12 sign-ups 0.3 ms apart: several share a millisecond, which a JavaScript Date cannot tell apart.
    await db.execute(sql`
      insert into subscribers (email, consent, created_at)
      select 'reader' || n || '@example.com', 1, timestamptz '2026-01-01 00:00:00Z' + n * interval '300 microseconds'
      from generate_series(1, 12) as n`);
    const walk = async (direction: SortDirection) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await pageSubscribers(
          db,
          subscriberPageInput.parse({ sort: 'createdAt', direction, limit: 4, cursor }),
        );
        seen.push(...page.items.map((s) => s.email));
        cursor = page.nextCursor;
      } while (cursor && seen.length <= 12);
      return seen;
    };
    const oldestFirst = Array.from({ length: 12 }, (_, i) => `reader${i + 1}@example.com`);
    expect(await walk('asc')).toEqual(oldestFirst);
    expect(await walk('desc')).toEqual(oldestFirst.toReversed());
  });
});
