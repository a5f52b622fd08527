import {
  archiveIssuePath,
  archiveSlugFrom,
  RESERVED_ARCHIVE_SLUGS,
  type ArchiveIssueSummary,
} from '@journey/contracts';
import { and, desc, eq, isNotNull, like, ne, or } from 'drizzle-orm';
import type { Database } from './client';
import { isUniqueViolation } from './database-errors';
import { broadcasts } from './schema';

/**
 * The newsletter archive (docs/decisions/095-newsletter-archive.md): every broadcast that has gone out
 * (sending or sent) and that the owner has not made private. Drafts never show.
 */
const archived = and(
  ne(broadcasts.status, 'draft'),
  eq(broadcasts.private, false),
  isNotNull(broadcasts.slug),
);

const summaryColumns = { slug: broadcasts.slug, subject: broadcasts.subject, sentAt: broadcasts.sentAt };

function toSummary(row: { slug: string | null; subject: string; sentAt: Date | null }): ArchiveIssueSummary {
  // `archived` holds only rows with a slug, and sending sets sent_at with the status.
  return { slug: row.slug ?? '', subject: row.subject, sentAt: (row.sentAt ?? new Date(0)).toISOString() };
}

/** The archive's issues, newest first; at most `limit` (the feed's) when given. */
export async function listArchive(db: Database, limit?: number): Promise<ArchiveIssueSummary[]> {
  const query = db
    .select(summaryColumns)
    .from(broadcasts)
    .where(archived)
    .orderBy(desc(broadcasts.sentAt), desc(broadcasts.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(toSummary);
}

/** The newest `limit` issues with their Markdown, for the archive's feed. */
export async function listArchiveWithBodies(
  db: Database,
  limit: number,
): Promise<(ArchiveIssueSummary & { body: string })[]> {
  const rows = await db
    .select({ ...summaryColumns, body: broadcasts.body })
    .from(broadcasts)
    .where(archived)
    .orderBy(desc(broadcasts.sentAt), desc(broadcasts.id))
    .limit(limit);
  return rows.map((row) => ({ ...toSummary(row), body: row.body }));
}

/** One issue with its Markdown; null for an unknown slug, a draft and a private one alike. */
export async function archiveIssueBySlug(
  db: Database,
  slug: string,
): Promise<(ArchiveIssueSummary & { body: string }) | null> {
  const [row] = await db
    .select({ ...summaryColumns, body: broadcasts.body })
    .from(broadcasts)
    .where(and(archived, eq(broadcasts.slug, slug)));
  return row ? { ...toSummary(row), body: row.body } : null;
}

/**
 * The first of base, base-2, base-3… that no other broadcast has (by the slugs taken now), never a
 * reserved one; the draft's own earlier slug counts as free.
 */
async function freeSlug(db: Database, id: number, base: string): Promise<string> {
  const rows = await db
    .select({ slug: broadcasts.slug })
    .from(broadcasts)
    .where(and(ne(broadcasts.id, id), or(eq(broadcasts.slug, base), like(broadcasts.slug, `${base}-%`))));
  const taken = new Set<string>([...RESERVED_ARCHIVE_SLUGS, ...rows.map((row) => row.slug ?? '')]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Gives a draft about to be sent its archive slug, from its subject as it is now; an earlier slug of
 * a send that did not go ahead is replaced. Does nothing to a broadcast that is no draft: its slug,
 * and so its page's address and every link to it, never moves. Tries again when another send took
 * the same slug meanwhile (the unique index refuses the second).
 */
export async function assignArchiveSlug(db: Database, id: number): Promise<void> {
  const [draft] = await db
    .select({ subject: broadcasts.subject })
    .from(broadcasts)
    .where(and(eq(broadcasts.id, id), eq(broadcasts.status, 'draft')));
  if (!draft) return;
  const base = archiveSlugFrom(draft.subject);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await db
        .update(broadcasts)
        .set({ slug: await freeSlug(db, id, base) })
        .where(and(eq(broadcasts.id, id), eq(broadcasts.status, 'draft')));
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('no free archive slug after five attempts');
}

/** The owner's choice for one broadcast: false when there is no such broadcast. */
export async function setBroadcastPrivate(db: Database, id: number, value: boolean): Promise<boolean> {
  const rows = await db
    .update(broadcasts)
    .set({ private: value })
    .where(eq(broadcasts.id, id))
    .returning({ id: broadcasts.id });
  return rows.length > 0;
}

/** Where a broadcast's mail links to as "read it on the web": null for a draft or a private one. */
export function archivePathOf(row: { slug: string | null; private: boolean }): string | null {
  return row.slug !== null && !row.private ? archiveIssuePath(row.slug) : null;
}
