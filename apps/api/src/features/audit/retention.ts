import { purgeAuditEvents } from '@journey/db';
import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant before which rows go: AUDIT_RETENTION_DAYS before now. */
export const auditCutoff = (now: Date, retentionDays: number) =>
  new Date(now.getTime() - retentionDays * DAY_MS);

/**
 * The retention purge (docs/decisions/088-audit-trail.md): at start and daily, the rows older than
 * AUDIT_RETENTION_DAYS are deleted through the trigger's one switch. A failure is logged and tried
 * again the next day; it never stops the server.
 */
export function scheduleAuditPurge(app: FastifyInstance): void {
  const purge = async () => {
    try {
      const gone = await purgeAuditEvents(
        app.database.db,
        auditCutoff(app.now(), app.config.auditRetentionDays),
      );
      if (gone > 0) app.log.info({ rows: gone }, 'purged audit rows past their retention');
    } catch (error) {
      app.log.warn({ err: error }, 'could not purge old audit rows');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void purge();
    timer = setInterval(() => void purge(), DAY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
