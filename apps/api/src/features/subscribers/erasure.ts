import { eraseUnconfirmedSubscribers } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import { DAY_MS, scheduleDailyJob } from '../jobs/daily-job';

/** The instant before which a still-pending sign-up goes: UNCONFIRMED_SUBSCRIBER_DAYS before now. */
export const unconfirmedCutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Erases never-confirmed sign-ups at start and daily (docs/decisions/094-list-hygiene.md). Not an
 * owner's act: the log says how many went, the audit trail records only what a person did.
 */
export function scheduleUnconfirmedErasure(app: FastifyInstance): void {
  scheduleDailyJob(app, {
    run: () =>
      eraseUnconfirmedSubscribers(
        app.database.db,
        unconfirmedCutoff(app.now(), app.config.unconfirmedSubscriberDays),
      ),
    done: 'erased sign-ups that were never confirmed',
    failed: 'could not erase never-confirmed sign-ups',
  });
}
