/** The durable sync jobs (src/sync-jobs.ts, docs/decisions/077-provider-connections.md). */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimNextSync, endSyncRun, requestSync, saveSyncProgress, schema } from '../src';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.cleanup());

const at = (iso: string) => new Date(`2026-11-27T${iso}Z`);
const db = () => database.handle.db;

beforeEach(async () => {
  await db()
    .delete(schema.providerConnections)
    .where(sql`true`);
  for (const provider of ['stripe', 'paddle'] as const) {
    await db().insert(schema.providerConnections).values({ provider, apiKeySealed: 'sealed' });
  }
});

describe('sync jobs', () => {
  it('hands a due job to one claimer only, and none before its time', async () => {
    await requestSync(db(), 'stripe', at('10:00:00'));
    expect(await claimNextSync(db(), at('09:59:59'), at('10:05:00'))).toBeNull();
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => claimNextSync(db(), at('10:00:00'), at('10:05:00'))),
    );
    expect(claims.filter((claim) => claim !== null)).toEqual([
      { provider: 'stripe', cursor: null, attempts: 1 },
    ]);
  });

  it('gives a run whose worker died to the next claimer, with the cursor it saved', async () => {
    await requestSync(db(), 'stripe', at('10:00:00'));
    await claimNextSync(db(), at('10:00:00'), at('10:01:00'));
    expect(await saveSyncProgress(db(), 'stripe', { startingAfter: 'txn_200' }, at('10:01:00'))).toBe(true);
    // The worker is killed here: its claim runs out, and nothing else is due.
    expect(await claimNextSync(db(), at('10:00:30'), at('10:02:00'))).toBeNull();
    expect(await claimNextSync(db(), at('10:01:01'), at('10:02:00'))).toEqual({
      provider: 'stripe',
      cursor: { startingAfter: 'txn_200' },
      attempts: 2,
    });
  });

  it('runs again right after a run during which Sync now was asked, else on schedule', async () => {
    await requestSync(db(), 'stripe', at('10:00:00'));
    await claimNextSync(db(), at('10:00:00'), at('10:05:00'));
    await requestSync(db(), 'stripe', at('10:01:00'));
    await endSyncRun(db(), 'stripe', {
      cursor: { createdFrom: 1 },
      nextRunAt: at('10:16:00'),
      failed: false,
      now: at('10:02:00'),
    });
    expect(await claimNextSync(db(), at('10:02:00'), at('10:07:00'))).toMatchObject({ attempts: 1 });
    await endSyncRun(db(), 'stripe', {
      cursor: { createdFrom: 2 },
      nextRunAt: at('10:18:00'),
      failed: false,
      now: at('10:03:00'),
    });
    expect(await claimNextSync(db(), at('10:17:59'), at('10:20:00'))).toBeNull();
    expect(await claimNextSync(db(), at('10:18:00'), at('10:20:00'))).toEqual({
      provider: 'stripe',
      cursor: { createdFrom: 2 },
      attempts: 1,
    });
  });

  it('keeps counting failed runs for the backoff, and a lost claim saves nothing', async () => {
    await requestSync(db(), 'paddle', at('10:00:00'));
    await claimNextSync(db(), at('10:00:00'), at('10:05:00'));
    await endSyncRun(db(), 'paddle', {
      cursor: null,
      nextRunAt: at('10:01:00'),
      failed: true,
      now: at('10:00:10'),
    });
    expect(await claimNextSync(db(), at('10:01:00'), at('10:05:00'))).toMatchObject({ attempts: 2 });
    await db().delete(schema.providerConnections).where(eq(schema.providerConnections.provider, 'paddle'));
    // Disconnected mid-run: the job went with the connection, and the worker's next save says so.
    expect(await saveSyncProgress(db(), 'paddle', { page: 3 }, at('10:06:00'))).toBe(false);
    expect(await db().select().from(schema.syncJobs)).toEqual([]);
  });
});
