import type { Broadcast } from '@journey/contracts';
import { digestDue, draftDigest } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../trpc/context';
import { scheduleDailyJob } from '../jobs/daily-job';
import { composeDigest, lastCompleteMonth } from './compose';

/**
 * The daily job's one step at `now` (docs/decisions/097-automatic-mail.md): with the digest on, drafts
 * the last complete calendar month (UTC) unless that month was drafted already; never sends it.
 * Returns the draft, or null when there was nothing to do.
 */
export async function draftDueDigest(
  services: Pick<Services, 'config' | 'database' | 'now'>,
  now: Date,
): Promise<Broadcast | null> {
  const db = services.database.db;
  const month = lastCompleteMonth(now);
  if (!(await digestDue(db, month))) return null;
  const { subject, body } = await composeDigest(services, month);
  return draftDigest(db, { month, subject, body, now, automatic: true });
}

/** At start and daily. Not an owner's act: the log says a digest was drafted, the audit trail does not. */
export function scheduleDigestDrafting(app: FastifyInstance): void {
  scheduleDailyJob(app, {
    run: async () => ((await draftDueDigest(app, app.now())) ? 1 : 0),
    done: "drafted last month's newsletter digest for the owner to approve",
    failed: "could not draft last month's newsletter digest",
  });
}
