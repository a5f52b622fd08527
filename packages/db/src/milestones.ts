import type {
  DatedMilestoneLink,
  Milestone,
  MilestoneDetail,
  MilestoneLink,
  MilestonePageRequest,
  MilestoneValues,
  Page,
} from '@journey/contracts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { orUnknownExperiment } from './costs';
import { entityWrites } from './entity-writes';
import { pageOf } from './paging';
import { milestones } from './schema';

function toMilestone(row: typeof milestones.$inferSelect): Milestone {
  return { ...row, date: row.date.toISOString(), isRevenue: row.isRevenue === 1 ? 1 : 0 };
}

/** The timeline's order: by journey day; served by the (day, id) index. */
export async function listMilestones(db: Database): Promise<Milestone[]> {
  const rows = await db.select().from(milestones).orderBy(asc(milestones.day), asc(milestones.id));
  return rows.map(toMilestone);
}

/** A milestone with its neighbours in the timeline's order (day, then id), or null when there is none. */
export async function getMilestoneDetail(db: Database, id: number): Promise<MilestoneDetail | null> {
  const [row] = await db.select().from(milestones).where(eq(milestones.id, id));
  if (!row) return null;
  const link = { id: milestones.id, title: milestones.title, day: milestones.day };
  // Row comparisons, as the admin tables' keyset paging writes them: each is one step along the index.
  const position = sql`(${milestones.day}, ${milestones.id})`;
  const here = sql`(${row.day}, ${row.id})`;
  const [[previous], [next]] = await Promise.all([
    db
      .select(link)
      .from(milestones)
      .where(sql`${position} < ${here}`)
      .orderBy(desc(milestones.day), desc(milestones.id))
      .limit(1),
    db
      .select(link)
      .from(milestones)
      .where(sql`${position} > ${here}`)
      .orderBy(asc(milestones.day), asc(milestones.id))
      .limit(1),
  ]);
  const neighbour = (found: MilestoneLink | undefined) => found ?? null;
  return { milestone: toMilestone(row), previous: neighbour(previous), next: neighbour(next) };
}

/** The feeds' order: the most recent milestone first (by its date, then the later id). */
export async function listLatestMilestones(db: Database, limit: number): Promise<Milestone[]> {
  const rows = await db
    .select()
    .from(milestones)
    .orderBy(desc(milestones.date), desc(milestones.id))
    .limit(limit);
  return rows.map(toMilestone);
}

/** What the sitemap lists: every milestone's id, title and date, in id order. */
export async function listMilestoneLinks(
  db: Database,
): Promise<{ id: number; title: string; date: string }[]> {
  const rows = await db
    .select({ id: milestones.id, title: milestones.title, date: milestones.date })
    .from(milestones)
    .orderBy(milestones.id);
  return rows.map((row) => ({ ...row, date: row.date.toISOString() }));
}

/** An experiment's milestones for its page, newest first (by date, then the later id). */
export async function listExperimentMilestones(
  db: Database,
  experimentId: number,
): Promise<DatedMilestoneLink[]> {
  const rows = await db
    .select({ id: milestones.id, title: milestones.title, day: milestones.day, date: milestones.date })
    .from(milestones)
    .where(eq(milestones.experimentId, experimentId))
    .orderBy(desc(milestones.date), desc(milestones.id));
  return rows.map((row) => ({ ...row, date: row.date.toISOString() }));
}

/** One page of the admin table, sorted by any column and filtered by title or description. */
export async function pageMilestones(db: Database, request: MilestonePageRequest): Promise<Page<Milestone>> {
  return pageOf(db, milestones, [milestones.title, milestones.description], request, toMilestone);
}

const writes = entityWrites(milestones, (values: MilestoneValues) => values, toMilestone);

/** A milestone naming an experiment that is not (or no longer) there is UnknownExperimentError. */
export const createMilestone = (db: Database, values: MilestoneValues) =>
  orUnknownExperiment(writes.create(db, values));
export const updateMilestone = (db: Database, id: number, values: MilestoneValues) =>
  orUnknownExperiment(writes.update(db, id, values));
export const deleteMilestone = writes.remove;
