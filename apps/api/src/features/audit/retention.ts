import { purgeAuditEvents } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import { DAY_MS, scheduleDailyJob } from '../jobs/daily-job';

/** The instant before which rows go: AUDIT_RETENTION_DAYS before now. */
export const auditCutoff = (now: Date, retentionDays: number) =>
  new Date(now.getTime() - retentionDays * DAY_MS);

/**
 * The retention purge (docs/decisions/088-audit-trail.md): at start and daily, the rows older than
 * AUDIT_RETENTION_DAYS are deleted through the trigger's one switch.
 */
export function scheduleAuditPurge(app: FastifyInstance): void {
  scheduleDailyJob(app, {
    run: () => purgeAuditEvents(app.database.db, auditCutoff(app.now(), app.config.auditRetentionDays)),
    done: 'purged audit rows past their retention',
    failed: 'could not purge old audit rows',
  });
}
