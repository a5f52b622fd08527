import type { SecurityAuditAction } from '@journey/contracts/constants';
import type { Database } from './client';
import { auditEvents } from './schema';

/** One thing that happened, as the audit trail keeps it (docs/decisions/088-audit-trail.md). */
export interface AuditEntry {
  /** A SecurityAuditAction, or a write's `entity.verb`. */
  action: SecurityAuditAction | (string & {});
  /** A username, AUDIT_ACTOR_CLI or AUDIT_ACTOR_SYSTEM. */
  actor: string;
  userId?: number | null;
  ip?: string | null;
  /** The session's public id (sessions.public_id), never its token. */
  sessionId?: string | null;
  subject?: string | null;
  detail?: Record<string, unknown>;
}

export type AuditEventRow = typeof auditEvents.$inferSelect;

/** Appends one row: the only insert into audit_events there is. */
export async function recordAuditEvent(db: Database, entry: AuditEntry): Promise<AuditEventRow> {
  const [row] = await db
    .insert(auditEvents)
    .values({
      action: entry.action,
      actor: entry.actor,
      userId: entry.userId ?? null,
      ip: entry.ip ?? null,
      sessionId: entry.sessionId ?? null,
      subject: entry.subject ?? null,
      detail: entry.detail ?? {},
    })
    .returning();
  return row!;
}
