import {
  milestoneBroadcast,
  type AdminMilestone,
  type DatedMilestoneLink,
  type Milestone,
  type MilestoneDetail,
  type MilestoneLink,
  type MilestonePageRequest,
  type MilestoneValues,
  type Page,
} from '@journey/contracts';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from './client';
import { orUnknownExperiment } from './costs';
import { entityWrites } from './entity-writes';
import { pageOf } from './paging';
import { broadcasts, milestones } from './schema';

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

/** When each of these milestones' mail went (docs/decisions/097-automatic-mail.md); absent when never. */
async function mailedAtOf(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ milestoneId: broadcasts.milestoneId, sentAt: broadcasts.sentAt })
    .from(broadcasts)
    .where(and(inArray(broadcasts.milestoneId, ids), isNotNull(broadcasts.sentAt)));
  return new Map(rows.map((row) => [row.milestoneId ?? 0, row.sentAt?.toISOString() ?? '']));
}

/** The admin's rows: each with when its mail went, which no public answer shows. */
async function withMailedAt(db: Database, rows: Milestone[]): Promise<AdminMilestone[]> {
  const mailed = await mailedAtOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, mailedAt: mailed.get(row.id) ?? null }));
}

/** One page of the admin table, sorted by any column and filtered by title or description. */
export async function pageMilestones(
  db: Database,
  request: MilestonePageRequest,
): Promise<Page<AdminMilestone>> {
  const page = await pageOf(db, milestones, [milestones.title, milestones.description], request, toMilestone);
  return { ...page, items: await withMailedAt(db, page.items) };
}

const writes = entityWrites(milestones, (values: MilestoneValues) => values, toMilestone);

/**
 * Adds a milestone; with `mailAt`, in the same transaction, its mail as a draft broadcast of origin
 * `milestone` (docs/decisions/097-automatic-mail.md), which the caller then sends. The broadcast's
 * unique `milestone_id` keeps a milestone to one mail. A milestone naming an experiment that is not
 * (or no longer) there is UnknownExperimentError.
 */
export function createMilestone(
  db: Database,
  values: MilestoneValues,
  options: { mailAt?: Date } = {},
): Promise<AdminMilestone & { broadcastId: number | null }> {
  const { mailAt } = options;
  return orUnknownExperiment(
    db.transaction(async (tx) => {
      const milestone = await writes.create(tx as Database, values);
      let broadcastId: number | null = null;
      if (mailAt) {
        const [broadcast] = await tx
          .insert(broadcasts)
          .values({
            ...milestoneBroadcast(milestone),
            origin: 'milestone',
            milestoneId: milestone.id,
            createdAt: mailAt,
            updatedAt: mailAt,
          })
          .returning({ id: broadcasts.id });
        broadcastId = broadcast?.id ?? null;
      }
      return { ...milestone, mailedAt: null, broadcastId };
    }),
  );
}

/** The edited milestone, or null; an edit never mails, whatever it changes. */
export async function updateMilestone(
  db: Database,
  id: number,
  values: MilestoneValues,
): Promise<AdminMilestone | null> {
  const updated = await orUnknownExperiment(writes.update(db, id, values));
  if (!updated) return null;
  const [row] = await withMailedAt(db, [updated]);
  return row ?? null;
}
export const deleteMilestone = writes.remove;
