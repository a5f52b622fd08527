import { describe, expect, it } from 'vitest';
import { decimalCents, formatCents, refundCents, wholeCents } from '../src/features/revenue-imports/money';
import { utcDate } from '../src/features/revenue-imports/format';
import { ImportFileError } from '../src/features/imports/read-file';
import { readExport } from '../src/features/revenue-imports/read-export';

const rowsOf = async (provider: Parameters<typeof readExport>[0], csv: string) => readExport(provider, csv);

describe('import money', () => {
  it.each([
    ['12.5', 1250n],
    ['1,234.56', 123456n],
    ['0.01', 1n],
    ['999999999999.99', 99999999999999n],
  ])('reads the decimal %j as %s cents', (text, cents) => {
    expect(decimalCents(text, 'Amount')).toEqual({ value: cents });
  });

  it.each([
    ['12.345', 'Amount can have at most 2 decimal places.'],
    ['abc', 'Amount must be a valid number.'],
    ['0', 'Amount must be greater than 0.'],
    ['1000000000000', 'Amount must be less than $1,000,000,000,000.'],
  ])('refuses the decimal %j', (text, error) => {
    expect(decimalCents(text, 'Amount')).toEqual({ error });
  });

  it('reads cents exactly and writes decimal strings without floats', () => {
    expect(wholeCents('1199', 'total')).toEqual({ value: 1199n });
    expect(wholeCents('11.99', 'total')).toEqual({ error: 'total must be a whole number of cents.' });
    expect(refundCents('0.0', 'Partial Refund ($)', false)).toEqual({ value: 0n });
    expect(refundCents('', 'refunded_amount', true)).toEqual({ value: 0n });
    expect(formatCents(5n)).toBe('0.05');
    expect(formatCents(30000000000000001n)).toBe('300000000000000.01');
  });
});

describe('provider rows', () => {
  it('imports a Stripe partial refund as the net, a payment in another currency at Stripe’s converted amount, and names why rows are left out', async () => {
    const csv = [
      'id,Created (UTC),Amount,Amount Refunded,Currency,Converted Amount,Converted Amount Refunded,Converted Currency,Status,Description',
      'ch_1,2024-03-06 15:00:00,99.99,20.00,usd,99.99,20.00,usd,Paid,Team plan',
      'ch_2,2024-03-06 15:00:00,10.00,0,usd,10.00,0,usd,Failed,Declined',
      'ch_3,2024-03-06 15:00:00,10.00,2.00,eur,10.87,2.17,usd,Paid,Euro',
      'ch_4,2024-03-06 15:00:00,1500,0,jpy,1500,0,jpy,Paid,Yen',
    ].join('\n');
    const read = await rowsOf('stripe', csv);
    const date = new Date('2024-03-06T15:00:00Z');
    expect(read.rows).toEqual([
      {
        line: 2,
        externalId: 'ch_1',
        cents: 7999n,
        currency: 'USD',
        originalAmount: '79.99',
        date,
        description: 'Stripe: Team plan (net of a 20.00 refund)',
      },
      {
        line: 4,
        externalId: 'ch_3',
        cents: 870n,
        currency: 'EUR',
        originalAmount: '8.00',
        date,
        description: 'Stripe: Euro (net of a 2.00 EUR refund)',
      },
      // Settled in yen, not USD: the ECB's rate of its day converts it when the import is planned.
      {
        line: 5,
        externalId: 'ch_4',
        cents: null,
        currency: 'JPY',
        originalAmount: '1500.00',
        date,
        description: 'Stripe: Yen',
      },
    ]);
    expect(read.skipped).toEqual([{ line: 3, reason: 'Not paid (status "Failed").' }]);
  });

  it('reads Gumroad dates from two columns in UTC and skips lost disputes', async () => {
    const csv = [
      'Purchase ID,Item Name,Purchase Date,Purchase Time (UTC timezone),Sale Price ($),Disputed?,Dispute Won?',
      'g1,Ebook,2024-06-02,09:00:00,9.99,0,0',
      'g2,Ebook,2024-06-02,09:00:00,9.99,1,0',
    ].join('\r\n');
    const read = await rowsOf('gumroad', csv);
    expect(read.rows[0]).toMatchObject({ cents: 999n, date: new Date('2024-06-02T09:00:00Z') });
    expect(read.skipped).toEqual([{ line: 3, reason: 'Charged back (disputed).' }]);
  });

  it.each([
    ['2026-05-02 08:14:22 UTC', '2026-05-02T08:14:22.000Z'],
    ['2026-05-02 08:14:22 +0000', '2026-05-02T08:14:22.000Z'],
    ['2026-05-02 10:14:22 +0200', '2026-05-02T08:14:22.000Z'],
    ['2026-05-02T08:14:22.381742Z', '2026-05-02T08:14:22.381Z'],
    ['2026-05-02T08:14:22.000000Z', '2026-05-02T08:14:22.000Z'],
    ['2026-05-02 08:14', '2026-05-02T08:14:00.000Z'],
    ['2026-05-02', '2026-05-02T00:00:00.000Z'],
  ])('reads the timestamp %j as a provider writes it', (text, iso) => {
    expect(utcDate(text, 'Date')).toEqual({ value: new Date(iso) });
  });

  it("reads Gumroad's sales export as it is written: the time column holds the whole UTC timestamp, the Totals row is no sale", async () => {
    const csv = [
      'Purchase ID,Item Name,Purchase Date,Purchase Time (UTC timezone),Sale Price ($),Partial Refund ($),Fully Refunded?',
      'g1,Ebook,2026-05-02,2026-05-02 08:14:22 UTC,9.99,0.0,0',
      'g2,Sampler,2026-05-02,2026-05-02 09:00:00 UTC,0.0,0.0,0',
      'Totals,,,,9.99,0.0,',
    ].join('\n');
    const read = await rowsOf('gumroad', csv);
    expect(read.errors).toEqual([]);
    expect(read.rows).toEqual([
      {
        line: 2,
        externalId: 'g1',
        cents: 999n,
        currency: 'USD',
        originalAmount: '9.99',
        date: new Date('2026-05-02T08:14:22Z'),
        description: 'Gumroad sale: Ebook',
      },
    ]);
    expect(read.skipped).toEqual([
      { line: 3, reason: 'Nothing was charged (0.00).' },
      { line: 4, reason: 'Summary row ("Totals"), not a sale.' },
    ]);
  });

  it('gives a generic row without an id the same id on every read, and counts repeats once', async () => {
    const csv = 'date,amount,description\n2024-01-01,5,Same sale\n2024-01-01,5.00,Same sale\n';
    const first = await rowsOf('generic', csv);
    const second = await rowsOf('generic', csv);
    expect(first.rows).toHaveLength(1);
    expect(first.repeated).toBe(1);
    expect(first.rows[0]?.externalId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(second.rows[0]?.externalId).toBe(first.rows[0]?.externalId);
  });

  it('refuses dates in the future and descriptions the form would refuse, at their line', async () => {
    const csv = 'date,amount,description\n2999-01-01,5,Far future\n2024-01-01,5,Tiny\n';
    const read = await rowsOf('generic', csv);
    expect(read.errors).toEqual([
      { line: 2, message: 'date: Date cannot be in the future.' },
      { line: 3, message: 'description must be at least 5 characters.' },
    ]);
  });

  // 100,001 rows are seconds of CPU, ten times as many on a busy machine: the rows carry an id (no hash
  // of each row's values) and the test has its own generous limit (decision 058).
  it('refuses a file over 100,000 rows at the first row too many', { timeout: 300_000 }, async () => {
    const csv = `date,amount,description,id\n${'2024-01-01,5,A sale row,sale-1\n'.repeat(100_001)}`;
    await expect(rowsOf('generic', csv)).rejects.toThrow(
      new ImportFileError(100_002, 'the file has more than 100,000 rows; split it.'),
    );
  });
});
