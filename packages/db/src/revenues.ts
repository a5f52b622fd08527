import {
  perSource,
  type Page,
  type PerSource,
  type Revenue,
  type RevenuePageRequest,
  type RevenueProvenance,
  type RevenueProvider,
  type RevenueSource,
  type RevenueSnapshot,
  type RevenueTotals,
} from '@journey/contracts';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import { pageOf } from './paging';
import { revenues, revenueTotals } from './schema';

/** The four published values of an entry: the amount as its decimal string, the date as ISO 8601. */
export function snapshotOf(row: typeof revenues.$inferSelect): RevenueSnapshot {
  const { amount, source, description, date } = row;
  return { amount, source, description, date: date.toISOString() };
}

/**
 * Where an imported or synced entry came from: its provider, transaction id and import, and what the
 * customer paid (changes recorded before docs/decisions/076-revenue-provenance.md hold only the first
 * three, all of imports in USD).
 */
export interface ImportOrigin {
  provider: RevenueProvider;
  externalId: string;
  importId: number | null;
  provenance?: RevenueProvenance;
  currency?: string;
  originalAmount?: string | null;
}

/**
 * What a change records of an entry: the published values and, for an imported entry, its origin, so
 * that undoing its delete brings it back as imported and a later import of the same file still finds
 * it (docs/decisions/054-imports-as-providers-write-them.md). The origin is never published.
 */
export type StoredSnapshot = RevenueSnapshot & { origin?: ImportOrigin; experimentId?: number };

export function storedSnapshotOf(row: typeof revenues.$inferSelect): StoredSnapshot {
  // The experiment it was assigned to by hand (docs/decisions/082-experiment-money.md), so that an undo
  // restores it: never published, as the ledger writes only the fields it names.
  const snapshot: StoredSnapshot =
    row.experimentId === null ? snapshotOf(row) : { ...snapshotOf(row), experimentId: row.experimentId };
  if (row.provider === null || row.externalId === null) return snapshot;
  const { provider, externalId, importId, provenance, currency, originalAmount } = row;
  return {
    ...snapshot,
    origin: { provider, externalId, importId, provenance, currency, originalAmount },
  };
}

/** The published values of a stored snapshot: what the history and the ledger show. */
export function publishedOf(snapshot: StoredSnapshot): RevenueSnapshot {
  const { amount, source, description, date } = snapshot;
  return { amount, source, description, date };
}

/** `snapshotOf` in SQL, for a change recorded in the statement that writes its entry. */
const snapshotSql = (row: string) =>
  sql.raw(`jsonb_build_object('amount', ${row}.amount::text, 'source', ${row}.source,
    'description', ${row}.description,
    'date', to_char(${row}.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`);

/** `storedSnapshotOf` in SQL: the row must carry every column of the origin. */
export const storedSnapshotSql = (row: string) =>
  sql.join(
    [
      snapshotSql(row),
      sql.raw(`|| case when ${row}.provider is null or ${row}.external_id is null then '{}'::jsonb
      else jsonb_build_object('origin', jsonb_build_object('provider', ${row}.provider,
        'externalId', ${row}.external_id, 'importId', ${row}.import_id, 'provenance', ${row}.provenance,
        'currency', ${row}.currency, 'originalAmount', ${row}.original_amount::text)) end`),
    ],
    sql` `,
  );

export const toRevenue = (row: typeof revenues.$inferSelect): Revenue => ({
  id: row.id,
  ...snapshotOf(row),
  provenance: row.provenance,
  provider: row.provider,
  externalId: row.externalId,
  currency: row.currency,
  originalAmount: row.originalAmount ?? row.amount,
  experimentId: row.experimentId,
});

/** Newest first; served by the (date, id) index. */
export async function listRevenues(db: Database): Promise<Revenue[]> {
  const rows = await db.select().from(revenues).orderBy(desc(revenues.date), desc(revenues.id));
  return rows.map(toRevenue);
}

/** One page of the admin table, sorted by any column and filtered by description or source. */
export async function pageRevenues(db: Database, request: RevenuePageRequest): Promise<Page<Revenue>> {
  return pageOf(db, revenues, [revenues.description, revenues.source], request, toRevenue);
}

/**
 * Totals read from `revenue_totals`, which triggers keep (three rows, whatever the size of `revenues`),
 * as exact decimals rounded in SQL (docs/decisions/016-money.md), never in floating point.
 */
export async function getRevenueSummary(db: Database): Promise<RevenueTotals> {
  const rows = await db
    .select({
      source: revenueTotals.source,
      amount: sql<string>`round(${revenueTotals.amount}, 2)::text`,
      total: sql<string>`round(sum(${revenueTotals.amount}) over (), 2)::text`,
    })
    .from(revenueTotals);
  const bySource = perSource(() => '0.00');
  for (const row of rows) bySource[row.source] = row.amount;
  return { totalRevenue: rows[0]?.total ?? '0.00', bySource };
}

export type MonthlyRevenue = {
  /** `YYYY-MM`, in UTC. */
  month: string;
  total: string;
} & PerSource<string>;

const money = (total: SQL) => sql<string>`round(coalesce(${total}, 0), 2)::text`;
const sumOf = (source: RevenueSource) =>
  money(sql`sum(${revenues.amount}) filter (where ${revenues.source} = ${source})`);

/**
 * Revenue per calendar month (UTC) and source, summed in SQL as exact decimals; months between the
 * first and the last entry without any revenue are listed with zeros, so every month has its row.
 */
export async function monthlyRevenueBySource(db: Database): Promise<MonthlyRevenue[]> {
  const month = sql<string>`to_char(date_trunc('month', ${revenues.date} at time zone 'UTC'), 'YYYY-MM')`;
  const rows: MonthlyRevenue[] = await db
    .select({
      month,
      ...perSource(sumOf),
      total: money(sql`sum(${revenues.amount})`),
    })
    .from(revenues)
    .groupBy(month)
    .orderBy(month);
  return withEmptyMonths(rows);
}

function withEmptyMonths(rows: MonthlyRevenue[]): MonthlyRevenue[] {
  const filled: MonthlyRevenue[] = [];
  for (const row of rows) {
    const previous = filled.at(-1);
    if (previous) {
      for (let gap = nextMonth(previous.month); gap < row.month; gap = nextMonth(gap)) {
        filled.push({ month: gap, ...perSource(() => '0.00'), total: '0.00' });
      }
    }
    filled.push(row);
  }
  return filled;
}

/** "2024-12" → "2025-01". */
function nextMonth(month: string): string {
  const [year = 0, monthNumber = 0] = month.split('-').map(Number);
  const next = new Date(Date.UTC(year, monthNumber, 1));
  return next.toISOString().slice(0, 7);
}
