import {
  AUDIT_ACTION_GROUPS,
  isAuditActionGroup,
  type AuditEvent,
  type AuditFilter,
} from '@journey/contracts';
import type { AuditEventRow, AuditQuery } from '@journey/db';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The list's and the export's filters as the database reads them: a group's prefixes, whole UTC days. */
export function auditQueryOf(filter: AuditFilter): Omit<AuditQuery, 'cursor' | 'limit'> {
  const { action } = filter;
  return {
    ...(action && isAuditActionGroup(action)
      ? { actionPrefixes: AUDIT_ACTION_GROUPS[action] }
      : action
        ? { action }
        : {}),
    ...(filter.actor ? { actor: filter.actor } : {}),
    ...(filter.from ? { from: new Date(`${filter.from}T00:00:00Z`) } : {}),
    // `to` is the last day shown: everything before the next one.
    ...(filter.to ? { to: new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS) } : {}),
  };
}

/** A row as the API answers it: the user's id stays in the database. */
export const shownAuditEvent = (row: AuditEventRow): AuditEvent => ({
  id: row.id,
  at: row.at.toISOString(),
  action: row.action,
  actor: row.actor,
  ip: row.ip,
  sessionId: row.sessionId,
  subject: row.subject,
  detail: row.detail,
});
