import { revenueInput, type RevenueSource } from '@journey/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRevenue, deleteRevenue, getRevenueSummary, schema, updateRevenue } from '../src';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test?.cleanup());

const SOURCES: RevenueSource[] = ['ai', 'passive', 'consulting'];

/** A varied but reproducible entry: amounts with cents, all three sources. */
const entry = (i: number) =>
  revenueInput.parse({
    amount: `${(i * 7919) % 100_000}.${String((i * 37) % 100).padStart(2, '0')}`.replace(/^0\./, '1.'),
    source: SOURCES[i % 3],
    description: `Concurrent entry ${i}`,
    // Edits move entries between days too, so two days change in one statement.
    date: `2025-03-${String((i % 28) + 1).padStart(2, '0')}`,
  });

/** What the totals must be: summed over the whole table, rounded like the summary. */
async function summedOverTable() {
  const { revenues } = schema;
  const summed = sql<string>`round(coalesce(sum(${revenues.amount}), 0), 2)::text`;
  const rows = await test.handle.db
    .select({ source: revenues.source, amount: summed })
    .from(revenues)
    .groupBy(revenues.source);
  const bySource = { ai: '0.00', passive: '0.00', consulting: '0.00' };
  for (const row of rows) bySource[row.source] = row.amount;
  const [all] = await test.handle.db.select({ total: summed }).from(revenues);
  return { totalRevenue: all?.total ?? '0.00', bySource };
}

/** The daily sums (`revenue_days`) and what they must be, grouped over the whole table by UTC day. */
async function dailySums() {
  const kept = await test.handle.query(
    `select day::text, source, amount::text, entries from revenue_days order by day, source`,
  );
  const summed = await test.handle.query(
    `select (date at time zone 'UTC')::date::text as day, source, sum(amount)::text as amount,
       count(*)::int as entries
     from revenues group by 1, 2 order by 1, 2`,
  );
  return { kept, summed };
}

async function expectDailySumsKept() {
  const { kept, summed } = await dailySums();
  expect(kept).toEqual(summed);
}

const ids = async () =>
  (await test.handle.db.select({ id: schema.revenues.id }).from(schema.revenues)).map((r) => r.id);

describe('revenue totals kept by the database', () => {
  it('match SUM over the table after 200 concurrent creates, edits and deletes', async () => {
    const db = test.handle.db;
    await Promise.all(Array.from({ length: 60 }, (_, i) => createRevenue(db, entry(i))));
    expect(await getRevenueSummary(db)).toEqual(await summedOverTable());

    const existing = await ids();
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const id = existing[i % existing.length]!;
        if (i % 3 === 0) return createRevenue(db, entry(1000 + i));
        // Edits move entries between sources, so two totals change in one statement.
        if (i % 3 === 1) return updateRevenue(db, id, entry(2000 + i));
        // Deletes of the same row race each other: only one of them finds it.
        return deleteRevenue(db, id);
      }),
    );
    expect(await getRevenueSummary(db)).toEqual(await summedOverTable());
    await expectDailySumsKept();
  });

  it('follow writes made in SQL: a bulk insert, a bulk update, a delete and a truncate', async () => {
    const db = test.handle.db;
    const check = async () => {
      expect(await getRevenueSummary(db)).toEqual(await summedOverTable());
      await expectDailySumsKept();
    };

    await db.execute(sql`
      insert into revenues (amount, source, description, date)
      select (n % 100000) + 0.37, (array['ai', 'passive', 'consulting'])[n % 3 + 1], 'Bulk entry ' || n, now()
      from generate_series(1, 20000) as n`);
    await check();
    await db.execute(
      sql`update revenues set amount = amount + 0.01, source = 'consulting', date = date + interval '13 hours' where id % 4 = 0`,
    );
    await check();
    await db.execute(sql`delete from revenues where id % 5 = 0`);
    await check();
    await db.execute(sql`truncate revenues`);
    expect((await dailySums()).kept).toEqual([]);
    expect(await getRevenueSummary(db)).toEqual({
      totalRevenue: '0.00',
      bySource: { ai: '0.00', passive: '0.00', consulting: '0.00' },
    });
  });
});
