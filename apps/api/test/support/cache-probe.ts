/**
 * Writes made outside every server (as psql would), and what a server's cached public answers show:
 * together they tell whether a server serves from its cache and whether a notification emptied it.
 */
import type { DatabaseHandle } from '@journey/db';
import { http, waitFor } from './http';

export async function milestoneTitles(base: string): Promise<string[]> {
  const answer = await http(base, 'GET', '/api/milestones');
  if (answer.status !== 200) throw new Error(`GET /api/milestones answered ${answer.status}`);
  return (answer.body as { title: string }[]).map((milestone) => milestone.title);
}

/** A milestone written straight into the database; `silent` turns the triggers off, so no one is notified. */
export async function insertMilestone(outside: DatabaseHandle, title: string, { silent = false } = {}) {
  const insert = `insert into milestones (title, description, date, day, is_revenue)
    values ('${title.replaceAll("'", "''")}', 'Written from outside the servers', '2025-01-01', 1, 0)`;
  await outside.query(
    silent ? `begin; set local session_replication_role = replica; ${insert}; commit` : insert,
  );
}

let silentWrites = 0;
/** Resolves once `base` serves its public reads from its cache: a silent write stays unseen there. */
export async function waitForCacheServing(base: string, outside: DatabaseHandle): Promise<void> {
  await waitFor(`${base} serving from its cache`, async () => {
    await milestoneTitles(base);
    const title = `Silent ${++silentWrites}`;
    await insertMilestone(outside, title, { silent: true });
    return !(await milestoneTitles(base)).includes(title);
  });
}

/** Milliseconds until `base` shows a milestone written (and notified) from outside; throws after 1 s. */
export async function msUntilSeen(base: string, title: string): Promise<number> {
  return waitFor(`${base} showing "${title}"`, async () => (await milestoneTitles(base)).includes(title), {
    timeoutMs: 1_000,
    everyMs: 50,
  });
}
