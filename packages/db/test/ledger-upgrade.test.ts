import { createHash } from 'node:crypto';
import { replayLedger } from '@journey/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BackupError,
  checkLedger,
  createRevenue,
  dumpDatabase,
  LATE_CREATION_REASON,
  LEDGER_GENESIS_HASH,
  ledgerEntryJson,
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
  it('is chained again with ids and secrets and gains a creation row per entry, once, and then replays to the totals', async () => {
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

/**
 * Rows as servers from decision 079 to 084 wrote them, chained on to the last row: no secret, the hash
 * of [id, entryId, time, field, old, new, reason, prevHash] with the values themselves.
 */
async function appendValuesHashedRows(
  test: TestDatabase,
  rows: readonly [revenueId: number, field: string, oldValue: string | null, newValue: string | null][],
) {
  const db = test.handle.db;
  let prevHash = (await listLedger(db)).at(-1)?.hash ?? LEDGER_GENESIS_HASH;
  for (const [index, [revenueId, field, oldValue, newValue]] of rows.entries()) {
    const changedAt = new Date(Date.UTC(2025, 0, 1 + index)).toISOString();
    const [{ id }] = (await test.handle.query(
      "select nextval(pg_get_serial_sequence('revenue_ledger', 'id'))::int as id",
    )) as [{ id: number }];
    const hash = createHash('sha256')
      .update(JSON.stringify([id, revenueId, changedAt, field, oldValue, newValue, null, prevHash]))
      .digest('hex');
    await test.handle.query(
      `insert into revenue_ledger (id, revenue_id, changed_at, field, old_value, new_value, prev_hash, hash)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, revenueId, changedAt, field, oldValue, newValue, prevHash, hash],
    );
    prevHash = hash;
  }
}

/** An entry written with its ledger row the 079 way, and an edit of it. */
async function writeValuesHashedEntry(test: TestDatabase, description: string) {
  const [entry] = await test.handle.db
    .insert(revenues)
    .values({ amount: '40.00', source: 'passive', description, date: new Date('2025-01-05Z') })
    .returning();
  const created = ledgerEntryJson({
    amount: '30.00',
    source: 'passive',
    description,
    date: '2025-01-05T00:00:00.000Z',
  });
  await appendValuesHashedRows(test, [
    [entry!.id, 'created', null, created],
    [entry!.id, 'amount', '30.00', '40.00'],
  ]);
  return entry!;
}

describe('a ledger hashed before its rows had secrets (decision 084)', () => {
  it('gives each older row a secret and chains again from the first, once; a backup of it restores up to date', async () => {
    const test = await freshDatabase();
    const db = test.handle.db;
    // A row of this server, then rows an older one appended to the same chain.
    await createRevenue(db, {
      amount: '5.00',
      source: 'ai',
      description: 'New',
      date: new Date('2025-01-01Z'),
    });
    const [first] = await listLedger(db);
    await writeValuesHashedEntry(test, 'Old');
    const backup = JSON.parse(JSON.stringify(await dumpDatabase(db)));
    expect((await checkLedger(await listLedger(db))).intact).toBe(false);

    expect(await upgradeLedger(db)).toEqual({ rechained: 2, published: 0 });
    const rows = await listLedger(db);
    expect(rows[0]).toEqual(first);
    expect(rows.map((row) => row.secret)).toEqual(rows.map(() => expect.stringMatching(/^[0-9a-f]{64}$/)));
    expect(new Set(rows.map((row) => row.secret)).size).toBe(rows.length);
    expect(await checkLedger(rows)).toMatchObject({ intact: true, rows: 3 });
    expect(replayLedger(rows.map(publishedLedgerRow))).toMatchObject({ total: '45.00', entries: 2 });
    expect(await upgradeLedger(db)).toEqual({ rechained: 0, published: 0 });
    expect(await listLedger(db)).toEqual(rows);

    // A backup taken before the upgrade verifies under the old rule, and the restore brings it up to date.
    expect(backup.tables.revenueLedger.map((row: { secret: string | null }) => row.secret !== null)).toEqual([
      true,
      false,
      false,
    ]);
    const target = await freshDatabase();
    await restoreDatabase(target.handle.db, backup);
    const restored = await listLedger(target.handle.db);
    expect(await checkLedger(restored)).toMatchObject({ intact: true, rows: 3 });
    expect(restored.every((row) => row.secret !== null)).toBe(true);
  });

  it('leaves an older chain that does not hold as it is', async () => {
    const test = await freshDatabase();
    await writeValuesHashedEntry(test, 'Rewritten');
    const [, edit] = await listLedger(test.handle.db);
    await test.handle.query('update revenue_ledger set new_value = $1 where id = $2', ['4000.00', edit!.id]);
    const before = await test.handle.db.select().from(revenueLedger).orderBy(asc(revenueLedger.id));
    expect((await upgradeLedger(test.handle.db)).rechained).toBe(0);
    expect(await test.handle.db.select().from(revenueLedger).orderBy(asc(revenueLedger.id))).toEqual(before);
    expect((await checkLedger(await listLedger(test.handle.db))).intact).toBe(false);
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
