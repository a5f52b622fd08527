import { createHash } from 'node:crypto';
import {
  LEDGER_GENESIS_HASH,
  ledgerCommitmentInput,
  ledgerHashInput,
  type PublishedLedgerRow,
} from '@journey/contracts/constants';
import { describe, expect, it } from 'vitest';
import { describeLedgerRow } from './describe-row';
import { monthlyTotalsOfCsv, rowValues, verifyLedger, webSha256 } from './verify-ledger';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const entry = (amount: string, source: string, date: string) =>
  JSON.stringify({
    amount,
    source,
    description: 'Sale',
    date,
    provenance: 'sync',
    provider: 'stripe',
    externalId: 'txn_1',
    currency: 'EUR',
    originalAmount: '9.00',
  });

/** A chain hashed as the server hashes it, every row public, from [entryId, field, old, new] tuples. */
function chain(rows: [number | null, string, string | null, string | null][]): PublishedLedgerRow[] {
  let prevHash = LEDGER_GENESIS_HASH;
  return rows.map(([entryId, field, old, value], index) => {
    const secret = sha256(`secret ${index}`);
    const commit = (text: string | null) =>
      text === null ? null : sha256(ledgerCommitmentInput(text, secret));
    const hashed = {
      id: index + 1,
      entity: 'revenue' as const,
      entryId,
      time: '2025-02-01T00:00:00.000Z',
      field,
      oldCommitment: commit(old),
      newCommitment: commit(value),
      reason: null,
      prevHash,
    };
    const hash = sha256(ledgerHashInput(hashed));
    prevHash = hash;
    return { ...hashed, old, new: value, secret, revealedAt: null, hash };
  });
}

const rows = chain([
  [1, 'created', null, entry('10.00', 'ai', '2025-01-31T23:00:00.000Z')],
  [2, 'created', null, entry('5.50', 'passive', '2025-02-01T00:00:00.000Z')],
  [1, 'amount', '10.00', '12.25'],
  [3, 'created', null, entry('100.00', 'ai', '2025-02-02T00:00:00.000Z')],
  [3, 'deleted', entry('100.00', 'ai', '2025-02-02T00:00:00.000Z'), null],
]);
const summary = { totalRevenue: '17.75', bySource: { ai: '12.25', passive: '5.50', consulting: '0.00' } };
const revenueCsv =
  'month,ai,passive,consulting,total\n2025-01,12.25,0.00,0.00,12.25\n2025-02,0.00,5.50,0.00,5.50\n';
const published = { summary, revenueCsv };
const withheld = (row: PublishedLedgerRow) => ({ ...row, old: null, new: null, secret: null });

describe('the ledger check in the browser', () => {
  it('hashes as Node does', async () => {
    expect(await webSha256('abc')).toBe(sha256('abc'));
  });

  it('finds the chain intact and every published figure replayed', async () => {
    const result = await verifyLedger(rows, published);
    expect(result.chain).toEqual({ intact: true, rows: 5, head: rows.at(-1)!.hash });
    expect(result.privateRows).toBe(0);
    expect(result.totals?.totals).toMatchObject({
      total: '17.75',
      byMonth: { '2025-01': '12.25', '2025-02': '5.50' },
    });
    expect(result.totals?.mismatches).toEqual([]);
    expect(result.totals?.compared).toBe(1 + 3 + 2);
    expect(rows.map((row) => rowValues(row, result.chain))).toEqual(rows.map(() => 'match'));
  });

  it('names the first altered row, and a published figure the rows do not give', async () => {
    const altered = rows.map((row) => (row.id === 3 ? { ...row, new: '1012.25' } : row));
    const result = await verifyLedger(altered, {
      summary: { ...summary, totalRevenue: '1017.75' },
      revenueCsv,
    });
    expect(result.chain).toMatchObject({
      intact: false,
      brokenAt: 3,
      problem: 'its values do not match its commitments',
    });
    expect(altered.map((row) => rowValues(row, result.chain))).toEqual([
      'match',
      'match',
      'mismatch',
      'unchecked',
      'unchecked',
    ]);
    const dropped = await verifyLedger(
      rows.filter((row) => row.id !== 2),
      published,
    );
    expect(dropped.chain).toMatchObject({ intact: false, brokenAt: 3 });
    const overstated = await verifyLedger(rows, {
      summary: { ...summary, totalRevenue: '50017.75' },
      revenueCsv,
    });
    expect(overstated.totals?.mismatches).toEqual([
      { figure: 'Total', published: '50017.75', replayed: '17.75' },
    ]);
    // A figure the site shows as a range is no decimal string: it is not compared.
    const ranged = await verifyLedger(rows, { summary: { ...summary, totalRevenue: null }, revenueCsv });
    expect(ranged.totals).toMatchObject({ compared: 5, mismatches: [] });
  });

  it('verifies private rows by their commitments alone, and replays nothing', async () => {
    const kept = rows.map((row) => (row.id === 3 ? row : withheld(row)));
    const result = await verifyLedger(kept, null);
    expect(result).toEqual({
      chain: { intact: true, rows: 5, head: rows.at(-1)!.hash },
      privateRows: 4,
      totals: null,
    });
    expect(kept.map((row) => rowValues(row, result.chain))).toEqual([
      'private',
      'private',
      'match',
      'private',
      'private',
    ]);
  });

  it('reads revenue.csv by its header', () => {
    expect(monthlyTotalsOfCsv(revenueCsv)).toEqual(
      new Map([
        ['2025-01', '12.25'],
        ['2025-02', '5.50'],
      ]),
    );
  });

  it('says what each row did in words, and only what kind of change a private row was', () => {
    expect(describeLedgerRow(rows[0]!)).toBe(
      'Created: $10.00, paid as 9.00 EUR, AI Projects, “Sale”, Jan 31, 2025, sync from Stripe (txn_1)',
    );
    expect(describeLedgerRow(rows[2]!)).toBe('Amount: $10.00 → $12.25');
    expect(describeLedgerRow(rows[4]!)).toMatch(/^Deleted: \$100\.00/);
    expect(rows.map((row) => describeLedgerRow(withheld(row)))).toEqual([
      'Created an entry',
      'Created an entry',
      'Amount changed',
      'Created an entry',
      'Deleted an entry',
    ]);
  });
});
