import type { Page, Revenue, RevenuePageRequest, RevenueSummary, RevenueValues } from '@journey/contracts';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from './client';
import { containsPattern, encodeCursor, keyset, toPage } from './paging';
import { revenues } from './schema';

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

const REVENUE_SORT_COLUMNS = {
  date: revenues.date,
  amount: revenues.amount,
  source: revenues.source,
  description: revenues.description,
} as const;

/** One page of the admin table, sorted by any column and filtered by description or source. */
export async function pageRevenues(db: Database, request: RevenuePageRequest): Promise<Page<Revenue>> {
  const column = REVENUE_SORT_COLUMNS[request.sort];
  const filter = request.q
    ? or(
        ilike(revenues.description, containsPattern(request.q)),
        ilike(revenues.source, containsPattern(request.q)),
      )
    : undefined;
  const { orderBy, after } = keyset(column, revenues.id, request.direction, request.cursor);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(revenues)
      .where(and(filter, after))
      .orderBy(...orderBy)
      .limit(request.limit + 1),
    db.select({ total: count() }).from(revenues).where(filter),
  ]);
  return toPage(rows, request.limit, counted?.total ?? 0, toRevenue, (row) =>
    encodeCursor(row[request.sort], row.id),
  );
}

/** Totals summed in SQL as exact decimals (DESIGN.md item 8), never in floating point. */
export async function getRevenueSummary(db: Database): Promise<RevenueSummary> {
  const total = (source?: string) =>
    sql<string>`coalesce(sum(${revenues.amount}) ${source ? sql`filter (where ${revenues.source} = ${source})` : sql``}, 0)::numeric(20, 2)::text`;
  const [row] = await db
    .select({
      total: total(),
      ai: total('ai'),
      passive: total('passive'),
      consulting: total('consulting'),
    })
    .from(revenues);
  return {
    totalRevenue: row?.total ?? '0.00',
    bySource: {
      ai: row?.ai ?? '0.00',
      passive: row?.passive ?? '0.00',
      consulting: row?.consulting ?? '0.00',
    },
  };
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
