import type { SecurityAuditAction } from '@journey/contracts/constants';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { auditEvents } from './schema';
import { hashSessionToken } from './session-store';

/** One thing that happened, as the audit trail keeps it (docs/decisions/088-audit-trail.md). */
export interface AuditEntry {
  /** A SecurityAuditAction, or a write's `entity.verb`. */
  action: SecurityAuditAction | (string & {});
  /** A username, AUDIT_ACTOR_CLI or AUDIT_ACTOR_SYSTEM. */
  actor: string;
  userId?: number | null;
  ip?: string | null;
  /** The session's token (the cookie's value): stored as the session's public id, never as itself. */
  sessionToken?: string | null;
  subject?: string | null;
  detail?: Record<string, unknown>;
}

export type AuditEventRow = typeof auditEvents.$inferSelect;

/**
 * Appends one row. The session's public id is looked up in the same statement, so a write costs one round
 * trip; a token with no live session (signed out meanwhile) leaves `session_id` null.
 */
export async function recordAuditEvent(db: Database, entry: AuditEntry): Promise<AuditEventRow> {
  const sessionId = entry.sessionToken
    ? sql`(select public_id from sessions where id = ${hashSessionToken(entry.sessionToken)})`
    : null;
  const [row] = await db
    .insert(auditEvents)
    .values({
      action: entry.action,
      actor: entry.actor,
      userId: entry.userId ?? null,
      ip: entry.ip ?? null,
      sessionId,
      subject: entry.subject ?? null,
      detail: entry.detail ?? {},
    })
    .returning();
  return row!;
}
