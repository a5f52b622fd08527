import type { Milestone, MilestonePageRequest, MilestoneValues, Page } from '@journey/contracts';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Database } from './client';
import { containsPattern, encodeCursor, keyset, toPage } from './paging';
import { milestones } from './schema';

type MilestoneRow = typeof milestones.$inferSelect;

function toMilestone(row: MilestoneRow): Milestone {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date: row.date.toISOString(),
    day: row.day,
    isRevenue: row.isRevenue === 1 ? 1 : 0,
    amount: row.amount,
  };
}

/** The timeline's order: by journey day; served by the (day, id) index. */
export async function listMilestones(db: Database): Promise<Milestone[]> {
  const rows = await db.select().from(milestones).orderBy(asc(milestones.day), asc(milestones.id));
  return rows.map(toMilestone);
}

const MILESTONE_SORT_COLUMNS = {
  day: milestones.day,
  title: milestones.title,
  date: milestones.date,
  isRevenue: milestones.isRevenue,
} as const;

/** One page of the admin table, sorted by any column and filtered by title or description. */
export async function pageMilestones(db: Database, request: MilestonePageRequest): Promise<Page<Milestone>> {
  const column = MILESTONE_SORT_COLUMNS[request.sort];
  const filter = request.q
    ? or(
        ilike(milestones.title, containsPattern(request.q)),
        ilike(milestones.description, containsPattern(request.q)),
      )
    : undefined;
  const { orderBy, after } = keyset(column, milestones.id, request.direction, request.cursor);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(milestones)
      .where(and(filter, after))
      .orderBy(...orderBy)
      .limit(request.limit + 1),
    db.select({ total: count() }).from(milestones).where(filter),
  ]);
  return toPage(rows, request.limit, counted?.total ?? 0, toMilestone, (row) =>
    encodeCursor(row[request.sort], row.id),
  );
}

export async function createMilestone(db: Database, values: MilestoneValues): Promise<Milestone> {
  const [row] = await db.insert(milestones).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return toMilestone(row);
}

export async function updateMilestone(
  db: Database,
  id: number,
  values: MilestoneValues,
): Promise<Milestone | null> {
  const [row] = await db.update(milestones).set(values).where(eq(milestones.id, id)).returning();
  return row ? toMilestone(row) : null;
}

export async function deleteMilestone(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(milestones).where(eq(milestones.id, id)).returning({ id: milestones.id });
  return rows.length > 0;
}
