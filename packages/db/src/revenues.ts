import type { Page, Revenue, RevenuePageRequest, RevenueSummary, RevenueValues } from '@journey/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { pageOf, type PagingSpec } from './paging';
import { revenues, revenueTotals } from './schema';

type RevenueRow = typeof revenues.$inferSelect;

function toRevenue(row: RevenueRow): Revenue {
  return {
    id: row.id,
    amount: row.amount,
    source: row.source,
    description: row.description,
    date: row.date.toISOString(),
  };
}

/** Newest first; served by the (date, id) index. */
export async function listRevenues(db: Database): Promise<Revenue[]> {
  const rows = await db.select().from(revenues).orderBy(desc(revenues.date), desc(revenues.id));
  return rows.map(toRevenue);
}

const REVENUE_PAGING: PagingSpec<RevenuePageRequest['sort']> = {
  sortColumns: {
    date: revenues.date,
    amount: revenues.amount,
    source: revenues.source,
    description: revenues.description,
  },
  searchColumns: [revenues.description, revenues.source],
};

/** One page of the admin table, sorted by any column and filtered by description or source. */
export async function pageRevenues(db: Database, request: RevenuePageRequest): Promise<Page<Revenue>> {
  return pageOf(db, revenues, REVENUE_PAGING, request, toRevenue);
}

/**
 * Totals read from `revenue_totals`, which triggers keep (three rows, whatever the size of `revenues`),
 * as exact decimals rounded in SQL (DESIGN.md item 8), never in floating point.
 */
export async function getRevenueSummary(db: Database): Promise<RevenueSummary> {
  const rows = await db
    .select({
      source: revenueTotals.source,
      amount: sql<string>`round(${revenueTotals.amount}, 2)::text`,
      total: sql<string>`round(sum(${revenueTotals.amount}) over (), 2)::text`,
    })
    .from(revenueTotals);
  const bySource = { ai: '0.00', passive: '0.00', consulting: '0.00' };
  for (const row of rows) bySource[row.source] = row.amount;
  return { totalRevenue: rows[0]?.total ?? '0.00', bySource };
}

export async function createRevenue(db: Database, values: RevenueValues): Promise<Revenue> {
  const [row] = await db.insert(revenues).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return toRevenue(row);
}

export async function updateRevenue(
  db: Database,
  id: number,
  values: RevenueValues,
): Promise<Revenue | null> {
  const [row] = await db.update(revenues).set(values).where(eq(revenues.id, id)).returning();
  return row ? toRevenue(row) : null;
}

export async function deleteRevenue(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(revenues).where(eq(revenues.id, id)).returning({ id: revenues.id });
  return rows.length > 0;
}
