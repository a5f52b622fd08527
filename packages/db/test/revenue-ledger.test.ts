import { checkLedgerChain, replayLedger, revenueInput, type RevenueSource } from '@journey/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCorrections, revenueHistory } from '../src/revenue-history';
import {
  firstBrokenLedgerRow,
  LEDGER_GENESIS_HASH,
  ledgerRowHash,
  listLedger,
  publishedLedgerRow,
  revealLedgerRow,
  sha256Hex,
  withheldLedgerRow,
} from '../src/revenue-ledger';
import { createRevenue, deleteRevenue, undoLastRevenueChange, updateRevenue } from '../src/revenue-writes';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../test-support/test-database';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test?.cleanup());

const entry = (amount: string, description: string, source: RevenueSource = 'ai', date = '2025-03-01') =>
  revenueInput.parse({ amount, source, description, date });

/** The ledger's rows after the given id, as field → [old, new, reason]. */
async function ledgerAfter(id: number) {
  return (await listLedger(test.handle.db))
    .filter((row) => row.id > id)
    .map((row) => [row.revenueId, row.field, row.oldValue, row.newValue, row.reason]);
}
const lastLedgerId = async () => (await listLedger(test.handle.db)).at(-1)?.id ?? 0;

describe('the history of a revenue entry', () => {
  it('records a create, an edit and a delete with their reasons, newest first', async () => {
    const db = test.handle.db;
    const created = await createRevenue(db, entry('100.5', 'History entry'));
    await updateRevenue(db, created.id, entry('120', 'History entry'), { reason: 'Refund missed' });
    await deleteRevenue(db, created.id, { reason: 'Duplicate' });
    const history = await revenueHistory(db, created.id);
    expect(history.map((change) => [change.action, change.reason])).toEqual([
      ['delete', 'Duplicate'],
      ['update', 'Refund missed'],
      ['create', null],
    ]);
    expect(history[1]).toMatchObject({
      before: {
        amount: '100.50',
        source: 'ai',
        description: 'History entry',
        date: '2025-03-01T00:00:00.000Z',
      },
      after: { amount: '120.00' },
      undoOf: null,
    });
    expect(history[0]).toMatchObject({ after: null, before: { amount: '120.00' } });
  });

  it('records nothing when the write fails, and the entry stays as it was', async () => {
    const db = test.handle.db;
    const created = await createRevenue(db, entry('10', 'Atomic entry'));
    const ledgerId = await lastLedgerId();
    // PostgreSQL text refuses NUL: the change row fails after the entry was written, and both roll back.
    await expect(
      updateRevenue(db, created.id, entry('11', 'Atomic entry'), { reason: 'bad \u0000' }),
    ).rejects.toThrow();
    await expect(deleteRevenue(db, created.id, { reason: 'bad \u0000' })).rejects.toThrow();
    await expect(createRevenue(db, { ...entry('1', 'Refused entry'), amount: '0' })).rejects.toThrow();
    expect(await revenueHistory(db, created.id)).toHaveLength(1);
    expect(await ledgerAfter(ledgerId)).toEqual([]);
    const [again] = await revenueHistory(db, created.id);
    expect(again?.after?.amount).toBe('10.00');
  });
});

describe('the public ledger', () => {
  it('publishes a creation and a deletion as one row each, an edit as one row per changed field, and nothing for an edit that changes nothing', async () => {
    const db = test.handle.db;
    const from = await lastLedgerId();
    const created = await createRevenue(db, entry('50', 'Ledger entry', 'passive', '2025-01-02'));
    const id = created.id;
    const asJson = (amount: string, description: string) =>
      JSON.stringify({
        amount,
        source: 'passive',
        description,
        date: '2025-01-02T00:00:00.000Z',
        provenance: 'manual',
        provider: null,
        externalId: null,
        currency: 'USD',
        originalAmount: amount,
      });
    expect(await ledgerAfter(from)).toEqual([[id, 'created', null, asJson('50.00', 'Ledger entry'), null]]);
    await updateRevenue(db, created.id, entry('50', 'Ledger entry', 'passive', '2025-01-02'), {
      reason: 'No-op',
    });
    expect(await ledgerAfter(from)).toHaveLength(1);
    expect(await revenueHistory(db, created.id)).toHaveLength(1);
    await updateRevenue(db, created.id, entry('55.25', 'Ledger entry fixed', 'passive', '2025-01-02'), {
      reason: 'Typo',
    });
    await deleteRevenue(db, created.id);
    expect(await ledgerAfter(from)).toEqual([
      [id, 'created', null, asJson('50.00', 'Ledger entry'), null],
      [id, 'amount', '50.00', '55.25', 'Typo'],
      [id, 'description', 'Ledger entry', 'Ledger entry fixed', 'Typo'],
      [id, 'deleted', asJson('55.25', 'Ledger entry fixed'), null, null],
    ]);
    const rows = (await listLedger(db)).filter((row) => row.id > from);
    expect(new Set(rows.map((row) => row.changeId)).size).toBe(3);
  });

  it('forms a chain anyone can recompute from the rows, each hashing its own id', async () => {
    const rows = await listLedger(test.handle.db);
    expect(rows.length).toBeGreaterThan(0);
    let prevHash = LEDGER_GENESIS_HASH;
    for (const row of rows) {
      expect(row.prevHash).toBe(prevHash);
      expect(ledgerRowHash(row)).toBe(row.hash);
      expect(ledgerRowHash({ ...row, id: row.id + 1 })).not.toBe(row.hash);
      prevHash = row.hash;
    }
    expect(await firstBrokenLedgerRow(rows)).toBeNull();
  });

  it('commits to each value with a secret of its own row, so the chain verifies without the values', async () => {
    const db = test.handle.db;
    const rows = await listLedger(db);
    expect(new Set(rows.map((row) => row.secret)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.secret).toMatch(/^[0-9a-f]{64}$/);
      const published = publishedLedgerRow(row);
      const commitment = (value: string | null) =>
        value === null ? null : sha256Hex(JSON.stringify([value, row.secret]));
      expect([published.oldCommitment, published.newCommitment]).toEqual([
        commitment(row.oldValue),
        commitment(row.newValue),
      ]);
      // Another secret, or another value, commits to something else.
      expect(ledgerRowHash({ ...row, secret: '0'.repeat(64) })).not.toBe(row.hash);
    }
    const withheld = rows.map((row) => withheldLedgerRow(publishedLedgerRow(row)));
    expect(withheld.every((row) => row.old === null && row.new === null && row.secret === null)).toBe(true);
    expect(await checkLedgerChain(withheld, sha256Hex)).toMatchObject({ intact: true, rows: rows.length });
    // A value that does not open its commitment breaks the chain at its row, as a changed hash would.
    const [first] = withheld;
    const opened = [{ ...publishedLedgerRow(rows[0]!), new: '{"amount":"1.00"}' }, ...withheld.slice(1)];
    expect(await checkLedgerChain(opened, sha256Hex)).toMatchObject({
      intact: false,
      brokenAt: first!.id,
      problem: 'its values do not match its commitments',
    });
  });

  it('reveals a row once: the first time stays, and an unknown row is none', async () => {
    const db = test.handle.db;
    const created = await createRevenue(db, entry('77', 'Revealed entry'));
    const row = (await listLedger(db)).find((candidate) => candidate.revenueId === created.id)!;
    expect(row.revealedAt).toBeNull();
    const first = new Date('2026-01-02T03:04:05.678Z');
    expect(await revealLedgerRow(db, row.id, first)).toEqual({ id: row.id, revealedAt: first.toISOString() });
    expect(await revealLedgerRow(db, row.id, new Date())).toEqual({
      id: row.id,
      revealedAt: first.toISOString(),
    });
    const after = (await listLedger(db)).find((candidate) => candidate.id === row.id)!;
    expect(after).toEqual({ ...row, revealedAt: first.toISOString() });
    expect(await revealLedgerRow(db, 987_654_321, first)).toBeNull();
  });

  it('counts as corrections every published change but an entry’s first creation', async () => {
    const db = test.handle.db;
    const before = await countCorrections(db);
    const created = await createRevenue(db, entry('12', 'Counted entry'));
    expect(await countCorrections(db)).toBe(before);
    await updateRevenue(db, created.id, entry('13', 'Counted entry, both fields'), { reason: 'Two fields' });
    expect(await countCorrections(db)).toBe(before + 1);
    await deleteRevenue(db, created.id);
    await undoLastRevenueChange(db, created.id);
    expect(await countCorrections(db)).toBe(before + 3);
  });

  it('gives the totals the database holds when replayed, by source and by month', async () => {
    const db = test.handle.db;
    const created = await createRevenue(db, entry('40', 'Replayed entry', 'consulting', '2023-07-09'));
    await updateRevenue(db, created.id, entry('44.44', 'Replayed entry', 'ai', '2023-08-01'), {
      reason: 'Move',
    });
    const gone = await createRevenue(db, entry('1000', 'Replayed then deleted', 'ai', '2023-08-02'));
    await deleteRevenue(db, gone.id);
    const replayed = replayLedger((await listLedger(db)).map(publishedLedgerRow));
    const [summary] = await test.handle.query(
      `select coalesce(sum(amount), 0)::numeric(16, 2)::text as total, count(*)::int as entries,
        coalesce(sum(amount) filter (where to_char(date at time zone 'UTC', 'YYYY-MM') = '2023-08'), 0)::numeric(16, 2)::text as august,
        coalesce(sum(amount) filter (where source = 'ai'), 0)::numeric(16, 2)::text as ai
       from revenues`,
    );
    expect(replayed.total).toBe(summary?.total);
    expect(replayed.entries).toBe(summary?.entries);
    expect(replayed.byMonth['2023-08']).toBe(summary?.august);
    expect(replayed.bySource.ai).toBe(summary?.ai);
    expect(replayed.byMonth['2023-07']).toBeUndefined();
  });
});

describe('undo', () => {
  it('of an edit restores the values before it, and is itself recorded and published', async () => {
    const db = test.handle.db;
    const created = await createRevenue(db, entry('70', 'Undo edit', 'consulting'));
    await updateRevenue(db, created.id, entry('75', 'Undo edit changed', 'ai'), { reason: 'Wrong' });
    const from = await lastLedgerId();
    const undo = await undoLastRevenueChange(db, created.id);
    const [last, edit] = await revenueHistory(db, created.id);
    expect(undo).toEqual(last);
    expect(last).toMatchObject({
      action: 'update',
      undoOf: edit!.id,
      reason: `Undo of change #${edit!.id}`,
      after: { amount: '70.00', source: 'consulting', description: 'Undo edit' },
    });
    expect(await ledgerAfter(from)).toEqual([
      [created.id, 'amount', '75.00', '70.00', `Undo of change #${edit!.id}`],
      [created.id, 'source', 'ai', 'consulting', `Undo of change #${edit!.id}`],
      [created.id, 'description', 'Undo edit changed', 'Undo edit', `Undo of change #${edit!.id}`],
    ]);
    // Undoing again undoes the undo: always the last change.
    await undoLastRevenueChange(db, created.id, 'Back again');
    const [again] = await revenueHistory(db, created.id);
    expect(again).toMatchObject({ undoOf: last!.id, reason: 'Back again', after: { amount: '75.00' } });
  });

  it('of a delete brings the entry back with its id and values; of a create deletes it', async () => {
    const db = test.handle.db;
    const created = await createRevenue(db, entry('80.8', 'Undo delete', 'passive', '2024-12-31'));
    await deleteRevenue(db, created.id, { reason: 'Oops' });
    const from = await lastLedgerId();
    const restored = await undoLastRevenueChange(db, created.id, 'Not a duplicate');
    expect(restored).toMatchObject({ action: 'create', before: null, reason: 'Not a duplicate' });
    expect(restored?.after).toEqual({
      amount: '80.80',
      source: 'passive',
      description: 'Undo delete',
      date: '2024-12-31T00:00:00.000Z',
    });
    const [published] = await ledgerAfter(from);
    expect(published?.[1]).toBe('created');
    expect(JSON.parse(String(published?.[3]))).toMatchObject({
      amount: '80.80',
      source: 'passive',
      date: '2024-12-31T00:00:00.000Z',
    });
    expect(published?.[4]).toBe('Not a duplicate');
    expect(await updateRevenue(db, created.id, entry('81', 'Undo delete'))).toMatchObject({ id: created.id });

    const fresh = await createRevenue(db, entry('5', 'Undo create'));
    const removed = await undoLastRevenueChange(db, fresh.id);
    expect(removed).toMatchObject({ action: 'delete', after: null, before: { amount: '5.00' } });
    expect(await deleteRevenue(db, fresh.id)).toBe(false);
    expect(await undoLastRevenueChange(db, 999_999)).toBeNull();
    expect(await firstBrokenLedgerRow(await listLedger(db))).toBeNull();
  });
});

describe('a rewritten ledger', () => {
  it('is detected at the altered row, and at a deleted one', async () => {
    const db = test.handle.db;
    const created = await createRevenue(db, entry('90', 'Tamper entry'));
    await updateRevenue(db, created.id, entry('91', 'Tamper entry two'), { reason: 'First' });
    await updateRevenue(db, created.id, entry('92', 'Tamper entry three'), { reason: 'Second' });
    const rows = await listLedger(db);
    const target = rows.at(-3)!;
    await test.handle.query('update revenue_ledger set new_value = $1 where id = $2', ['9999.00', target.id]);
    expect(await firstBrokenLedgerRow(await listLedger(db))).toBe(target.id);
    await test.handle.query('update revenue_ledger set new_value = $1 where id = $2', [
      target.newValue,
      target.id,
    ]);
    expect(await firstBrokenLedgerRow(await listLedger(db))).toBeNull();

    await test.handle.query('delete from revenue_ledger where id = $1', [target.id]);
    expect(await firstBrokenLedgerRow(await listLedger(db))).toBe(rows.at(-2)!.id);
  });
});

// PGlite has one connection: only PostgreSQL runs the appends at once.
describe.runIf(testDatabaseUrl())('concurrent edits', () => {
  it('still form one chain', async () => {
    const fresh = await createTestDatabase();
    try {
      const db = fresh.handle.db;
      const entries = await Promise.all(
        Array.from({ length: 8 }, (_, i) => createRevenue(db, entry(`${i + 1}`, `Concurrent ${i}`))),
      );
      await Promise.all(
        entries.map((created, i) =>
          updateRevenue(db, created.id, entry(`${i + 100}`, `Concurrent ${i} edited`), {
            reason: `Edit ${i}`,
          }),
        ),
      );
      const rows = await listLedger(db);
      expect(rows).toHaveLength(8 + 16);
      expect(await firstBrokenLedgerRow(rows)).toBeNull();
    } finally {
      await fresh.cleanup();
    }
  });
});
