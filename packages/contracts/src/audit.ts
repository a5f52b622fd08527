import { z } from 'zod';
import { AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE } from './audit-groups';
import { isoTimestamp } from './output-fields';

/** One row of the owner's audit trail as the API answers it (docs/decisions/088-audit-trail.md). */
export const auditEventSchema = z.object({
  id: z.number().int(),
  at: isoTimestamp,
  /** e.g. `sign-in.succeeded`, `revenue.created`. */
  action: z.string(),
  /** A username, `cli` or `system`. */
  actor: z.string(),
  ip: z.string().nullable(),
  /** The public id of the session it was done in (as GET /api/admin/sessions lists them). */
  sessionId: z.string().nullable(),
  /** What it was done to, e.g. `revenue:42`. */
  subject: z.string().nullable(),
  /** What is useful to know of it; never a password, code, token or key. */
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  rows: z.array(auditEventSchema),
  /** The next page's `cursor`, or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-28.')
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), 'Use a date like 2026-11-28.');

/** The filters of the list and of the CSV export. */
export const auditFilterInput = z.object({
  /** An action (`revenue.created`) or an action group (`revenue`, `sign-in`, …). */
  action: z
    .string()
    .max(64)
    .regex(/^[a-z0-9.-]+$/, 'Action must be an action or an action group.')
    .optional(),
  /** Exactly this actor: a username, `cli` or `system`. */
  actor: z.string().trim().min(1).max(64).optional(),
  /** From this UTC day on, inclusive. */
  from: day.optional(),
  /** Up to this UTC day, inclusive. */
  to: day.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterInput>;

export const auditListInput = auditFilterInput.extend({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_SIZE),
});
export type AuditListInput = z.input<typeof auditListInput>;
