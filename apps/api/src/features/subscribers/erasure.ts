import { eraseUnconfirmedSubscribers } from '@journey/db';
import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant before which a still-pending sign-up goes: UNCONFIRMED_SUBSCRIBER_DAYS before now. */
export const unconfirmedCutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Erases never-confirmed sign-ups at start and daily (docs/decisions/094-list-hygiene.md). A failure is
 * logged and tried again the next day; it never stops the server. Not an owner's act: the log says how
 * many went, the audit trail records only what a person did.
 */
export function scheduleUnconfirmedErasure(app: FastifyInstance): void {
  const erase = async () => {
    try {
      const gone = await eraseUnconfirmedSubscribers(
        app.database.db,
        unconfirmedCutoff(app.now(), app.config.unconfirmedSubscriberDays),
      );
      if (gone > 0) app.log.info({ subscribers: gone }, 'erased sign-ups that were never confirmed');
    } catch (error) {
      app.log.warn({ err: error }, 'could not erase never-confirmed sign-ups');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void erase();
    timer = setInterval(() => void erase(), DAY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
