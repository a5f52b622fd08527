import { createHash } from 'node:crypto';
import { LEDGER_GENESIS_HASH, ledgerHashInput, type PublishedLedgerRow } from '@journey/contracts/constants';
import { describe, expect, it } from 'vitest';
import { describeLedgerRow } from './describe-row';
import { monthlyTotalsOfCsv, verifyLedger, webSha256 } from './verify-ledger';

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

/** A chain hashed as the server hashes it, from [entryId, field, old, new] tuples. */
function chain(rows: [number | null, string, string | null, string | null][]): PublishedLedgerRow[] {
  let prevHash = LEDGER_GENESIS_HASH;
  return rows.map(([entryId, field, old, value], index) => {
    const row = {
      id: index + 1,
      entryId,
      time: '2025-02-01T00:00:00.000Z',
      field,
      old,
      new: value,
      reason: null,
      prevHash,
    };
    const hash = createHash('sha256').update(ledgerHashInput(row)).digest('hex');
    prevHash = hash;
    return { ...row, hash };
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
const csv = 'month,ai,passive,consulting,total\n2025-01,12.25,0.00,0.00,12.25\n2025-02,0.00,5.50,0.00,5.50\n';

describe('the ledger check in the browser', () => {
  it('hashes as Node does', async () => {
    expect(await webSha256('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });

  it('finds the chain intact and every published figure replayed', async () => {
    const result = await verifyLedger(rows, summary, csv);
    expect(result.chain).toEqual({ intact: true, rows: 5, head: rows.at(-1)!.hash });
    expect(result.totals).toMatchObject({
      total: '17.75',
      byMonth: { '2025-01': '12.25', '2025-02': '5.50' },
    });
    expect(result.mismatches).toEqual([]);
    expect(result.compared).toBe(1 + 3 + 2);
  });

  it('names the first altered row, and a published figure the rows do not give', async () => {
    const altered = rows.map((row) => (row.id === 3 ? { ...row, new: '1012.25' } : row));
    const result = await verifyLedger(altered, { ...summary, totalRevenue: '1017.75' }, csv);
    expect(result.chain).toMatchObject({
      intact: false,
      brokenAt: 3,
      problem: 'its hash does not match its contents',
    });
    const dropped = await verifyLedger(
      rows.filter((row) => row.id !== 2),
      summary,
      csv,
    );
    expect(dropped.chain).toMatchObject({ intact: false, brokenAt: 3 });
    const overstated = await verifyLedger(rows, { ...summary, totalRevenue: '50017.75' }, csv);
    expect(overstated.mismatches).toEqual([{ figure: 'Total', published: '50017.75', replayed: '17.75' }]);
  });

  it('reads revenue.csv by its header', () => {
    expect(monthlyTotalsOfCsv(csv)).toEqual(
      new Map([
        ['2025-01', '12.25'],
        ['2025-02', '5.50'],
      ]),
    );
  });

  it('says what each row did in words', () => {
    expect(describeLedgerRow(rows[0]!)).toBe(
      'Created: $10.00, paid as 9.00 EUR, AI Projects, “Sale”, Jan 31, 2025, sync from Stripe (txn_1)',
    );
    expect(describeLedgerRow(rows[2]!)).toBe('Amount: $10.00 → $12.25');
    expect(describeLedgerRow(rows[4]!)).toMatch(/^Deleted: \$100\.00/);
  });
});
