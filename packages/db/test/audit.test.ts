import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clearAuditEvents,
  eachAuditEventBatch,
  listAuditEvents,
  purgeAuditEvents,
  recordAuditEvent,
} from '../src';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

/** docs/decisions/088-audit-trail.md: the trail's one insert, its pages and filters, and its purge. */

let test: TestDatabase;
const db = () => test.handle.db;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test?.cleanup());
beforeEach(() => clearAuditEvents(db()));

/** A row at a given instant: the trail's own `at` is the insert's, so the test moves it with the purge switch. */
async function rowAt(at: string, action: string, actor = 'owner', subject: string | null = null) {
  const row = await recordAuditEvent(db(), { action, actor, subject, ip: '203.0.113.9' });
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local journey.audit_purge = 'on'`);
    await tx.execute(sql`delete from audit_events where id = ${row.id}`);
    await tx.execute(
      sql`insert into audit_events (id, at, action, actor, ip, subject) values (${row.id}, ${at}::timestamptz, ${action}, ${actor}, ${'203.0.113.9'}, ${subject})`,
    );
  });
  return row.id;
}

describe('audit_events', () => {
  it('appends a row with its fields', async () => {
    const row = await recordAuditEvent(db(), {
      action: 'revenue.created',
      actor: 'owner',
      userId: 1,
      ip: '203.0.113.9',
      sessionId: '0b7e3c9a-3f1d-4c55-9d0e-1a2b3c4d5e6f',
      subject: 'revenue:42',
      detail: { amount: '10.00', currency: 'USD' },
    });
    expect(row).toMatchObject({
      action: 'revenue.created',
      actor: 'owner',
      userId: 1,
      ip: '203.0.113.9',
      sessionId: '0b7e3c9a-3f1d-4c55-9d0e-1a2b3c4d5e6f',
      subject: 'revenue:42',
      detail: { amount: '10.00', currency: 'USD' },
    });
    expect(row.at).toBeInstanceOf(Date);
  });

  it('refuses an UPDATE, a DELETE and a TRUNCATE from SQL without the purge switch', async () => {
    const row = await recordAuditEvent(db(), { action: 'sign-out', actor: 'owner' });
    await expect(
      db().execute(sql`update audit_events set actor = 'x' where id = ${row.id}`),
    ).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_events where id = ${row.id}`)).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_events`)).rejects.toThrow();
    // Not even with the switch: an UPDATE is never allowed.
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`set local journey.audit_purge = 'on'`);
        await tx.execute(sql`update audit_events set actor = 'x' where id = ${row.id}`);
      }),
    ).rejects.toThrow();
    // The switch is local to its transaction: the next statement is refused again.
    await purgeAuditEvents(db(), new Date('2000-01-01T00:00:00Z'));
    await expect(db().execute(sql`delete from audit_events where id = ${row.id}`)).rejects.toThrow();
    const [kept] = (await listAuditEvents(db(), { limit: 1 })).rows;
    expect(kept).toMatchObject({ id: row.id, actor: 'owner' });
  });

  it('lists newest first in pages, with an opaque cursor', async () => {
    const ids: number[] = [];
    for (let day = 1; day <= 5; day++) ids.push(await rowAt(`2026-11-0${day}T12:00:00Z`, 'revenue.created'));
    // Two rows at the same instant are ordered by id.
    ids.push(await rowAt('2026-11-05T12:00:00Z', 'revenue.updated'));
    const first = await listAuditEvents(db(), { limit: 4 });
    expect(first.rows.map((row) => row.id)).toEqual([ids[5], ids[4], ids[3], ids[2]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listAuditEvents(db(), { limit: 4, cursor: first.nextCursor });
    expect(second.rows.map((row) => row.id)).toEqual([ids[1], ids[0]]);
    expect(second.nextCursor).toBeNull();
    await expect(listAuditEvents(db(), { limit: 4, cursor: 'not-a-cursor' })).rejects.toThrow(
      'Invalid cursor',
    );
  });

  it('filters by action, action prefixes, actor, time and text', async () => {
    await rowAt('2026-10-01T00:00:00Z', 'sign-in.succeeded', 'owner');
    await rowAt('2026-10-02T00:00:00Z', 'sign-in.failed', 'guess');
    await rowAt('2026-10-03T00:00:00Z', 'sign-out', 'owner');
    await rowAt('2026-10-04T00:00:00Z', 'revenue.created', 'owner', 'revenue:7');
    await rowAt('2026-10-05T00:00:00Z', 'password.reset', 'cli');
    const actions = async (query: Parameters<typeof listAuditEvents>[1]) =>
      (await listAuditEvents(db(), query)).rows.map((row) => row.action);
    expect(await actions({ limit: 10, action: 'sign-out' })).toEqual(['sign-out']);
    expect(await actions({ limit: 10, actionPrefixes: ['sign-in.', 'sign-out'] })).toEqual([
      'sign-out',
      'sign-in.failed',
      'sign-in.succeeded',
    ]);
    // A prefix's own wildcards are literal.
    expect(await actions({ limit: 10, actionPrefixes: ['%'] })).toEqual([]);
    expect(await actions({ limit: 10, actor: 'cli' })).toEqual(['password.reset']);
    expect(
      await actions({
        limit: 10,
        from: new Date('2026-10-02T00:00:00Z'),
        to: new Date('2026-10-04T00:00:00Z'),
      }),
    ).toEqual(['sign-out', 'sign-in.failed']);
    expect(await actions({ limit: 10, q: 'revenue:7' })).toEqual(['revenue.created']);
  });

  it('reads every matching row in batches for the export', async () => {
    for (let i = 0; i < 5; i++) await recordAuditEvent(db(), { action: 'cost.created', actor: 'owner' });
    await recordAuditEvent(db(), { action: 'sign-out', actor: 'owner' });
    const batches: number[] = [];
    for await (const batch of eachAuditEventBatch(db(), { actionPrefixes: ['cost.'] }, 2))
      batches.push(batch.length);
    expect(batches).toEqual([2, 2, 1]);
  });

  it('purges only the rows older than the cutoff, and says how many', async () => {
    await rowAt('2025-01-01T00:00:00Z', 'sign-out');
    await rowAt('2025-06-01T00:00:00Z', 'sign-out');
    const kept = await rowAt('2026-06-01T00:00:00Z', 'sign-out');
    expect(await purgeAuditEvents(db(), new Date('2026-01-01T00:00:00Z'))).toBe(2);
    expect((await listAuditEvents(db(), { limit: 10 })).rows.map((row) => row.id)).toEqual([kept]);
  });
});
