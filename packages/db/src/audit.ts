import type { SecurityAuditAction } from '@journey/contracts/constants';
import { and, desc, eq, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import { containsPattern, InvalidCursorError } from './paging';
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
  if (!row) throw new Error('audit_events: the insert returned no row');
  return row;
}

/** What the owner's Activity view asks for: a page, newest first, filtered (docs/decisions/088-audit-trail.md). */
export interface AuditQuery {
  cursor?: string | null;
  limit: number;
  /** Exactly this action. */
  action?: string;
  /** Any action starting with one of these (an action group: `factor.`, `revenue.`). */
  actionPrefixes?: readonly string[];
  /** Exactly this actor (a username, `cli`, `system`). */
  actor?: string;
  /** From this instant on, inclusive. */
  from?: Date;
  /** Before this instant, exclusive. */
  to?: Date;
  /** Anywhere in the action, actor, IP or subject. */
  q?: string;
}

export interface AuditPage {
  rows: AuditEventRow[];
  nextCursor: string | null;
}

/** The last row shown, (at, id), opaque to the caller like every other page's cursor. */
const encodeAuditCursor = (row: AuditEventRow) =>
  Buffer.from(JSON.stringify([row.at.toISOString(), row.id])).toString('base64url');

function decodeAuditCursor(text: string): [Date, number] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string') {
      const at = new Date(parsed[0]);
      if (!Number.isNaN(at.getTime()) && Number.isSafeInteger(parsed[1])) return [at, parsed[1] as number];
    }
  } catch {
    // fall through
  }
  throw new InvalidCursorError();
}

function auditFilter(query: Omit<AuditQuery, 'cursor' | 'limit'>): SQL | undefined {
  const prefixes = query.actionPrefixes?.map((prefix) => like(auditEvents.action, startsWith(prefix)));
  const pattern = query.q ? containsPattern(query.q) : undefined;
  return and(
    query.action ? eq(auditEvents.action, query.action) : undefined,
    prefixes ? (prefixes.length > 0 ? or(...prefixes) : sql`false`) : undefined,
    query.actor ? eq(auditEvents.actor, query.actor) : undefined,
    query.from ? gte(auditEvents.at, query.from) : undefined,
    query.to ? lt(auditEvents.at, query.to) : undefined,
    pattern
      ? or(
          ilike(auditEvents.action, pattern),
          ilike(auditEvents.actor, pattern),
          ilike(auditEvents.ip, pattern),
          ilike(auditEvents.subject, pattern),
        )
      : undefined,
  );
}

const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of the trail, newest first: keyset on (at desc, id desc), which audit_events_at_id_idx serves. */
export async function listAuditEvents(db: Database, query: AuditQuery): Promise<AuditPage> {
  const after = query.cursor
    ? (() => {
        const [at, id] = decodeAuditCursor(query.cursor);
        return sql`(${auditEvents.at}, ${auditEvents.id}) < (${at.toISOString()}::timestamptz, ${id})`;
      })()
    : undefined;
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(auditFilter(query), after))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const shown = more ? rows.slice(0, query.limit) : rows;
  const last = shown.at(-1);
  return { rows: shown, nextCursor: more && last ? encodeAuditCursor(last) : null };
}

/** Every row a filter matches, newest first, a batch at a time: the CSV export streams these. */
export async function* eachAuditEventBatch(
  db: Database,
  query: Omit<AuditQuery, 'cursor' | 'limit'>,
  batchSize = 500,
): AsyncGenerator<AuditEventRow[]> {
  let cursor: string | null = null;
  do {
    const page: AuditPage = await listAuditEvents(db, { ...query, cursor, limit: batchSize });
    if (page.rows.length > 0) yield page.rows;
    cursor = page.nextCursor;
  } while (cursor);
}

/**
 * Deletes the rows older than `before`: the retention purge, the one DELETE the append-only trigger lets
 * through, and only inside this transaction (`set local`). Answers how many went.
 */
export async function purgeAuditEvents(db: Database, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local journey.audit_purge = 'on'`);
    const gone = await tx
      .delete(auditEvents)
      .where(lt(auditEvents.at, before))
      .returning({ id: auditEvents.id });
    return gone.length;
  });
}

/** Empties the trail: for tests and the browser tests' reset only, through the same switch. */
export async function clearAuditEvents(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local journey.audit_purge = 'on'`);
    await tx.delete(auditEvents).where(sql`true`);
  });
}
