import type { WelcomeMail } from '@journey/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from './client';
import { mailQueue, newsletterAutomation, subscribers } from './schema';

/**
 * The newsletter's automatic mail, one row (docs/decisions/097-automatic-mail.md). No row reads as
 * everything off; each part saves only its own columns, so the welcome mail and the digest never
 * overwrite each other.
 */
const ROW_ID = 1;

export interface NewsletterAutomation {
  welcomeEnabled: boolean;
  welcomeSubject: string;
  welcomeBody: string;
  digestEnabled: boolean;
  /** Null while no row exists. */
  updatedAt: Date | null;
}

const NO_AUTOMATION: NewsletterAutomation = {
  welcomeEnabled: false,
  welcomeSubject: '',
  welcomeBody: '',
  digestEnabled: false,
  updatedAt: null,
};

export async function readNewsletterAutomation(db: Database): Promise<NewsletterAutomation> {
  const [row] = await db.select().from(newsletterAutomation).where(eq(newsletterAutomation.id, ROW_ID));
  if (!row) return { ...NO_AUTOMATION };
  return {
    welcomeEnabled: row.welcomeEnabled,
    welcomeSubject: row.welcomeSubject,
    welcomeBody: row.welcomeBody,
    digestEnabled: row.digestEnabled,
    updatedAt: row.updatedAt,
  };
}

const toWelcomeMail = (automation: NewsletterAutomation): WelcomeMail => ({
  enabled: automation.welcomeEnabled,
  subject: automation.welcomeSubject,
  body: automation.welcomeBody,
  updatedAt: automation.updatedAt?.toISOString() ?? null,
});

/** The welcome mail as the owner last saved it (off and empty before that). */
export async function readWelcomeMail(db: Database): Promise<WelcomeMail> {
  return toWelcomeMail(await readNewsletterAutomation(db));
}

/** Saves the welcome mail's part of the row (creating the row), leaving the digest's as it is. */
export async function saveWelcomeMail(
  db: Database,
  input: { enabled: boolean; subject: string; body: string; now: Date },
): Promise<WelcomeMail> {
  const welcome = {
    welcomeEnabled: input.enabled,
    welcomeSubject: input.subject,
    welcomeBody: input.body,
    updatedAt: input.now,
  };
  const [row] = await db
    .insert(newsletterAutomation)
    .values({ id: ROW_ID, ...welcome })
    .onConflictDoUpdate({ target: newsletterAutomation.id, set: welcome })
    .returning();
  if (!row) throw new Error('The newsletter automation row was not saved.');
  return toWelcomeMail({ ...row, updatedAt: row.updatedAt });
}

/** Turns the monthly digest on or off (creating the row), leaving the welcome mail's part as it is. */
export async function setDigestEnabled(db: Database, enabled: boolean, now: Date): Promise<void> {
  const digest = { digestEnabled: enabled, updatedAt: now };
  await db
    .insert(newsletterAutomation)
    .values({ id: ROW_ID, ...digest })
    .onConflictDoUpdate({ target: newsletterAutomation.id, set: digest });
}

/**
 * Queues the welcome mail to a subscriber who just confirmed, when the owner has it on; part of the
 * confirmation's transaction when `db` is one. The unique (subscriber) index of kind `welcome` makes
 * it once per subscriber, however often this runs. Its text is read when it is sent, not now.
 * Returns whether a mail was queued.
 */
export async function queueWelcomeMail(
  db: Database,
  input: { subscriberId: number; linkOrigin: string; now: Date },
): Promise<boolean> {
  const [on] = await db
    .select({ id: newsletterAutomation.id })
    .from(newsletterAutomation)
    .where(and(eq(newsletterAutomation.id, ROW_ID), eq(newsletterAutomation.welcomeEnabled, true)));
  if (!on) return false;
  const [subscriber] = await db
    .select({ email: subscribers.email })
    .from(subscribers)
    .where(and(eq(subscribers.id, input.subscriberId), eq(subscribers.status, 'confirmed')));
  if (!subscriber) return false;
  const queued = await db
    .insert(mailQueue)
    .values({
      kind: 'welcome',
      subscriberId: input.subscriberId,
      recipient: subscriber.email,
      linkOrigin: input.linkOrigin,
      nextAttemptAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: mailQueue.id });
  return queued.length > 0;
}
