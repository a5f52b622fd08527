import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * The owner's audit trail (docs/decisions/088-audit-trail.md): who did what, when, from where. Append
 * only: a trigger (migration 0024) refuses every UPDATE, and every DELETE but the retention purge's.
 * Never public, never in a backup. Part of ../schema.ts.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull().defaultNow(),
    /** What happened, e.g. `sign-in.succeeded`; the list of actions is in @journey/contracts. */
    action: text('action').notNull(),
    /** Who did it: a username, `cli` for the command line, `system` for the server's own jobs. */
    actor: text('actor').notNull(),
    /** The signed-in user, when there is one. No foreign key: a restore that rewrites users keeps the trail. */
    userId: integer('user_id'),
    ip: text('ip'),
    /** The session's public id (sessions.public_id), never its token or hash. */
    sessionId: uuid('session_id'),
    /** What it was done to, e.g. `revenue:42`, `milestone:first-sale`, `passkey:…`. */
    subject: text('subject'),
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (table) => [
    index('audit_events_at_id_idx').on(table.at, table.id),
    index('audit_events_action_at_idx').on(table.action, table.at),
  ],
);
