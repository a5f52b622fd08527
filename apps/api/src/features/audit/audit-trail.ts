import { AUDIT_ACTOR_SYSTEM } from '@journey/contracts/constants';
import { recordAuditEvent, type AuditEntry, type AuditEventRow, type Database } from '@journey/db';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** What a caller says about one event; who, from where and in which session come from the request. */
export interface AuditRecord {
  action: AuditEntry['action'];
  subject?: string | null;
  detail?: Record<string, unknown>;
  /** The user the event is about or by: the signed-in one, or the one a sign-in was attempted for. */
  user?: { id: number; username: string } | null;
  /** Overrides the actor the user or the request gives (a failed sign-in names the username typed). */
  actor?: string;
  /** Overrides the request's session: a write that ended its own session names the one it ran in. */
  sessionId?: string | null;
}

export type AuditListener = (row: AuditEventRow, request: FastifyRequest | null) => Promise<void> | void;

/** The audit trail's one door (docs/decisions/088-audit-trail.md): nothing else writes audit_events. */
export interface AuditTrail {
  record(request: FastifyRequest | null, record: AuditRecord): Promise<AuditEventRow>;
  /** Called after each row is written, e.g. the owner's security mail; its failure never fails the write. */
  onRecorded(listener: AuditListener): void;
}

export function createAuditTrail(db: Database, log: FastifyBaseLogger): AuditTrail {
  const listeners: AuditListener[] = [];
  return {
    async record(request, record) {
      const row = await recordAuditEvent(db, {
        action: record.action,
        actor: record.actor ?? record.user?.username ?? AUDIT_ACTOR_SYSTEM,
        userId: record.user?.id ?? null,
        ip: request?.ip ?? null,
        sessionId:
          record.sessionId !== undefined
            ? record.sessionId
            : request?.session?.userId
              ? (request.session.publicId ?? null)
              : null,
        subject: record.subject ?? null,
        detail: record.detail ?? {},
      });
      for (const listener of listeners) {
        try {
          await listener(row, request);
        } catch (error) {
          log.error({ err: error, auditId: row.id, action: row.action }, 'audit listener failed');
        }
      }
      return row;
    },
    onRecorded(listener) {
      listeners.push(listener);
    },
  };
}
