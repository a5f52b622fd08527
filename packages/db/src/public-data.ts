import { count, max } from 'drizzle-orm';
import type { Database } from './client';
import { milestones, revenues } from './schema';

/** The number of milestones and the date of the latest revenue entry or milestone (null when there is none). */
export async function publicDataFacts(
  db: Database,
): Promise<{ milestoneCount: number; lastUpdated: string | null }> {
  const [[milestoneFacts], [revenueFacts]] = await Promise.all([
    db.select({ count: count(), latest: max(milestones.date) }).from(milestones),
    db.select({ latest: max(revenues.date) }).from(revenues),
  ]);
  const dates = [milestoneFacts?.latest, revenueFacts?.latest].filter((date) => date instanceof Date);
  const latest = dates.reduce<Date | null>((a, b) => (a && a > b ? a : b), null);
  return { milestoneCount: milestoneFacts?.count ?? 0, lastUpdated: latest?.toISOString() ?? null };
}
