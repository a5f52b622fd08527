import { perSource, REVENUE_SOURCES, type RevenueSource } from '@journey/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRevenue, monthOf, revenueAggregates, type RevenueAggregates } from '../src';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test?.cleanup());

const NOW = new Date('2026-11-24T15:00:00.000Z');
interface Entry {
  amount: string;
  source: RevenueSource;
  date: string;
}

/** Cents as a decimal string with two decimals. */
const money = (cents: bigint) => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
const cents = (amount: string) => BigInt(amount.replace('.', ''));

/** The same aggregates computed in JavaScript, from the entries alone: the test's independent answer. */
function expected(entries: Entry[]): RevenueAggregates {
  const byMonth = new Map<string, bigint>();
  for (const entry of entries) {
    const month = entry.date.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0n) + cents(entry.amount));
  }
  const total = (offset: number) => money(byMonth.get(monthOf(NOW, offset)) ?? 0n);
  const best = [...byMonth].sort(([a, x], [b, y]) => (x === y ? a.localeCompare(b) : x > y ? -1 : 1))[0];
  const since = NOW.getTime() - 90 * 86_400_000;
  const active = new Set(
    entries
      .filter((entry) => Date.parse(entry.date) > since && Date.parse(entry.date) <= NOW.getTime())
      .map((entry) => entry.source),
  );
  return {
    currentMonth: total(0),
    previousMonth: total(-1),
    bestMonth: best ? { month: best[0], total: money(best[1]) } : null,
    firstEntryDate: entries.map((entry) => entry.date.slice(0, 10)).sort()[0] ?? null,
    activeSources: active.size,
    cumulative: money(entries.reduce((sum, entry) => sum + cents(entry.amount), 0n)),
    recentMonths: Array.from({ length: 7 }, (_, index) => {
      const month = monthOf(NOW, index - 6);
      const of = (source?: RevenueSource) =>
        money(
          entries
            .filter((entry) => entry.date.slice(0, 7) === month && (!source || entry.source === source))
            .reduce((sum, entry) => sum + cents(entry.amount), 0n),
        );
      return { month, total: of(), bySource: perSource((source) => of(source)) };
    }),
    sources: perSource((source) => {
      const own = entries.filter((entry) => entry.source === source);
      return {
        firstEntryDate: own.map((entry) => entry.date.slice(0, 10)).sort()[0] ?? null,
        cumulative: money(own.reduce((sum, entry) => sum + cents(entry.amount), 0n)),
      };
    }),
  };
}

/** Monthly entries from `months` ago up to this month, the n-th worth `amountOf(n)`. */
function history(months: number, amountOf: (index: number) => string): Entry[] {
  return Array.from({ length: months + 1 }, (_, index) => ({
    amount: amountOf(index),
    source: REVENUE_SOURCES[index % REVENUE_SOURCES.length]!,
    date: `${monthOf(NOW, index - months)}-15T12:00:00.000Z`,
  }));
}

const HISTORIES: Record<string, Entry[]> = {
  empty: [],
  'one month': [{ amount: '19.99', source: 'ai', date: '2026-11-02T00:00:00.000Z' }],
  growing: history(8, (i) => (100 * 1.2 ** i).toFixed(2)),
  flat: history(6, () => '500.00'),
  shrinking: history(6, (i) => (1000 * 0.8 ** i).toFixed(2)),
  'edges of months in UTC': [
    { amount: '0.01', source: 'ai', date: '2026-10-31T23:59:59.999Z' },
    { amount: '999999999999.99', source: 'passive', date: '2026-11-01T00:00:00.000Z' },
    { amount: '12.34', source: 'consulting', date: '2026-08-26T15:00:00.001Z' },
  ],
};

describe('revenueAggregates', () => {
  it.each(Object.entries(HISTORIES))(
    'equals an independent computation for a %s history',
    async (_, entries) => {
      await test.handle.db.execute(sql`delete from revenues`);
      for (const entry of entries)
        await createRevenue(test.handle.db, {
          ...entry,
          description: 'A metrics entry',
          date: new Date(entry.date),
        });
      expect(await revenueAggregates(test.handle.db, NOW)).toEqual(expected(entries));
    },
  );
});
