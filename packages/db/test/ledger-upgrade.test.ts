import { createHash } from 'node:crypto';
import { replayLedger } from '@journey/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BackupError,
  checkLedger,
  createRevenue,
  dumpDatabase,
  LATE_CREATION_REASON,
  LEDGER_GENESIS_HASH,
  listLedger,
  publishedLedgerRow,
  restoreDatabase,
  upgradeLedger,
} from '../src';
import { revenueLedger, revenues } from '../src/schema';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

const opened: TestDatabase[] = [];
async function freshDatabase() {
  const database = await createTestDatabase();
  opened.push(database);
  return database;
}
afterEach(async () => {
  for (const database of opened.splice(0)) await database.cleanup();
});

/** A ledger as servers before decision 079 wrote it: edits only, hashed without the row's id. */
async function writeLegacyLedger(test: TestDatabase) {
  const db = test.handle.db;
  const [kept, deleted] = await db
    .insert(revenues)
    .values([
      { amount: '150.00', source: 'ai', description: 'Kept', date: new Date('2024-05-01Z') },
      { amount: '80.00', source: 'passive', description: 'Deleted later', date: new Date('2024-06-01Z') },
    ])
    .returning();
  const edits = [
    [kept!.id, 'amount', '100.00', '150.00', 'Raised'],
    [deleted!.id, 'amount', '80.00', null, null],
    [deleted!.id, 'source', 'passive', null, null],
  ] as const;
  // The deleted entry is gone, as its rows say.
  await db.delete(revenues).where(eq(revenues.id, deleted!.id));
  let prevHash = LEDGER_GENESIS_HASH;
  for (const [index, [revenueId, field, oldValue, newValue, reason]] of edits.entries()) {
    const changedAt = new Date(Date.UTC(2024, 6, 1 + index)).toISOString();
    const hash = createHash('sha256')
      .update(JSON.stringify([revenueId, changedAt, field, oldValue, newValue, reason, prevHash]))
      .digest('hex');
    await db.insert(revenueLedger).values({
      revenueId,
      changeId: null,
      changedAt: new Date(changedAt),
      field,
      oldValue,
      newValue,
      reason,
      prevHash,
      hash,
    });
    prevHash = hash;
  }
  return { kept: kept! };
}

describe('a ledger written before it covered every write', () => {
  it('is chained again with ids and gains a creation row per entry, once, and then replays to the totals', async () => {
    const test = await freshDatabase();
    const { kept } = await writeLegacyLedger(test);
    expect((await checkLedger(await listLedger(test.handle.db))).intact).toBe(false);

    expect(await upgradeLedger(test.handle.db)).toEqual({ rechained: 3, published: 1 });
    const rows = await listLedger(test.handle.db);
    expect(await checkLedger(rows)).toMatchObject({ intact: true, rows: 4 });
    expect(rows.at(-1)).toMatchObject({ revenueId: kept.id, field: 'created', reason: LATE_CREATION_REASON });
    // The edit before the creation row is superseded by the values that row carries.
    expect(replayLedger(rows.map(publishedLedgerRow))).toMatchObject({ total: '150.00', entries: 1 });

    expect(await upgradeLedger(test.handle.db)).toEqual({ rechained: 0, published: 0 });
    await createRevenue(test.handle.db, {
      amount: '1.00',
      source: 'ai',
      description: 'After',
      date: new Date('2024-08-01Z'),
    });
    expect(await checkLedger(await listLedger(test.handle.db))).toMatchObject({ intact: true, rows: 5 });
  });

  it('is left as it is when its old chain is broken, so every check still names the row', async () => {
    const test = await freshDatabase();
    await writeLegacyLedger(test);
    const [, second] = await listLedger(test.handle.db);
    await test.handle.query('update revenue_ledger set new_value = $1 where id = $2', ['999.00', second!.id]);
    expect((await upgradeLedger(test.handle.db)).rechained).toBe(0);
    const check = await checkLedger(await listLedger(test.handle.db));
    expect(check.intact).toBe(false);
  });
});

describe('a restore', () => {
  it('refuses a backup whose ledger does not verify, and writes nothing', async () => {
    const source = await freshDatabase();
    await createRevenue(source.handle.db, {
      amount: '10.00',
      source: 'ai',
      description: 'Backed up',
      date: new Date('2025-01-01Z'),
    });
    const backup = JSON.parse(JSON.stringify(await dumpDatabase(source.handle.db)));
    const [row] = backup.tables.revenueLedger;
    row.newValue = row.newValue.replace('10.00', '10000.00');
    const target = await freshDatabase();
    await expect(restoreDatabase(target.handle.db, backup)).rejects.toThrow(
      new BackupError(
        `The backup's ledger does not verify: its chain breaks at row ${row.id}. Restore an intact backup.`,
      ),
    );
    expect(await target.handle.db.select().from(revenues)).toEqual([]);
  });
});
