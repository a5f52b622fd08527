import type { Broadcast } from '@journey/contracts';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { broadcastById } from './broadcasts';
import type { Database } from './client';
import { broadcasts, newsletterAutomation } from './schema';

/**
 * The monthly digest's rows (docs/decisions/097-automatic-mail.md): a digest is a broadcast of origin
 * `digest` with its month in `digest_month` (unique: one per month, whichever process drafts it), and
 * `newsletter_automation.digest_drafted_month` the latest month drafted, so the daily job drafts each
 * month once and a draft the owner deleted stays deleted.
 */
const ROW_ID = 1;

export interface DigestState {
  enabled: boolean;
  /** The latest month drafted, `YYYY-MM`; null before the first. */
  draftedMonth: string | null;
}

export async function readDigestState(db: Database): Promise<DigestState> {
  const [row] = await db
    .select({ enabled: newsletterAutomation.digestEnabled, drafted: newsletterAutomation.digestDraftedMonth })
    .from(newsletterAutomation)
    .where(eq(newsletterAutomation.id, ROW_ID));
  return { enabled: row?.enabled ?? false, draftedMonth: row?.drafted ?? null };
}

/** The newest digest still a draft (waiting for the owner's approval), with its month; null when none. */
export async function pendingDigest(db: Database): Promise<{ broadcast: Broadcast; month: string } | null> {
  const [row] = await db
    .select({ id: broadcasts.id, month: broadcasts.digestMonth })
    .from(broadcasts)
    .where(and(eq(broadcasts.origin, 'digest'), eq(broadcasts.status, 'draft')))
    .orderBy(desc(broadcasts.digestMonth), desc(broadcasts.id))
    .limit(1);
  if (!row?.month) return null;
  const broadcast = await broadcastById(db, row.id);
  return broadcast ? { broadcast, month: row.month } : null;
}

/** The digest of `month`, whatever its status; null when there is none (never drafted, or deleted). */
export async function digestOfMonth(db: Database, month: string): Promise<Broadcast | null> {
  const [row] = await db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(eq(broadcasts.digestMonth, month));
  return row ? broadcastById(db, row.id) : null;
}

/** Whether the daily job should draft `month`: the digest is on and that month was not drafted yet. */
export async function digestDue(db: Database, month: string): Promise<boolean> {
  const state = await readDigestState(db);
  return state.enabled && (state.draftedMonth === null || state.draftedMonth < month);
}

/**
 * Saves `month`'s digest as a draft broadcast of origin `digest`, never sent from here.
 * `automatic` (the daily job): only while the digest is on and `month` is later than the latest drafted,
 * both claimed in one statement, so two processes draft it once. Otherwise (the owner's "draft now"):
 * always, unless that month's digest is there already. Either way the latest drafted month moves up to
 * `month`. Returns the new draft, or null when nothing was drafted.
 */
export async function draftDigest(
  db: Database,
  input: { month: string; subject: string; body: string; now: Date; automatic: boolean },
): Promise<Broadcast | null> {
  const id = await db.transaction(async (tx) => {
    if (input.automatic) {
      const claimed = await tx
        .update(newsletterAutomation)
        .set({ digestDraftedMonth: input.month })
        .where(
          and(
            eq(newsletterAutomation.id, ROW_ID),
            eq(newsletterAutomation.digestEnabled, true),
            or(
              isNull(newsletterAutomation.digestDraftedMonth),
              lt(newsletterAutomation.digestDraftedMonth, input.month),
            ),
          ),
        )
        .returning({ id: newsletterAutomation.id });
      if (claimed.length === 0) return null;
    } else {
      await tx
        .insert(newsletterAutomation)
        .values({ id: ROW_ID, digestDraftedMonth: input.month })
        .onConflictDoUpdate({
          target: newsletterAutomation.id,
          set: {
            digestDraftedMonth: sql`greatest(${newsletterAutomation.digestDraftedMonth}, ${input.month})`,
          },
        });
    }
    const [row] = await tx
      .insert(broadcasts)
      .values({
        subject: input.subject,
        body: input.body,
        origin: 'digest',
        digestMonth: input.month,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: broadcasts.id });
    return row?.id ?? null;
  });
  return id === null ? null : broadcastById(db, id);
}
