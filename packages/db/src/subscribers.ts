import {
  CONFIRMATION_MAIL_INTERVAL_MS,
  type ConsentVersion,
  type Page,
  type Subscriber,
  type SubscriberPageRequest,
  type SubscriberStatus,
} from '@journey/contracts';
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from './client';
import { deleteById } from './entity-writes';
import { mailboxOf } from './mailbox';
import { queueWelcomeMail } from './newsletter-automation';
import { pageOf } from './paging';
import { mailQueue, subscribers, subscriberTokens } from './schema';

type SubscriberRow = typeof subscribers.$inferSelect;

function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    consent: row.consent === 1 ? 1 : 0,
    status: row.status,
    consentVersion: row.consentVersion,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

export interface SignUp {
  email: string;
  consentVersion: ConsentVersion;
  /** Where the confirmation mail's link points: see mailQueue.linkOrigin. */
  linkOrigin: string;
  now: Date;
}

/**
 * A sign-up (docs/decisions/040-newsletter-delivery.md), in one transaction: a new address is stored
 * as pending, an unsubscribed one becomes pending again with the consent just given, and a pending or
 * confirmed one stays as it is. A confirmation mail is queued for a pending address unless one
 * was queued in the last hour. Returns whether one was queued; the caller answers the same either way.
 */
export async function signUp(db: Database, input: SignUp): Promise<boolean> {
  const left = sql`${subscribers.status} = 'unsubscribed'`;
  const mailbox = mailboxOf(input.email);
  const since = new Date(input.now.getTime() - CONFIRMATION_MAIL_INTERVAL_MS);
  return db.transaction(async (tx) => {
    // Sign-ups of one mailbox's variants (`a+1@`, `a+2@`) wait for each other: the check below sees the last one's mail.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup:${mailbox}`}))`);
    const [row] = await tx
      .insert(subscribers)
      .values({
        email: input.email,
        consent: 1,
        status: 'pending',
        consentVersion: input.consentVersion,
        createdAt: input.now,
      })
      .onConflictDoUpdate({
        target: subscribers.email,
        // Only a reader who left starts over; a pending or confirmed address keeps its record.
        set: {
          status: sql`case when ${left} then 'pending' else ${subscribers.status} end`,
          consentVersion: sql`case when ${left} then excluded.consent_version else ${subscribers.consentVersion} end`,
          createdAt: sql`case when ${left} then excluded.created_at else ${subscribers.createdAt} end`,
          confirmedAt: sql`case when ${left} then null else ${subscribers.confirmedAt} end`,
          unsubscribedAt: sql`case when ${left} then null else ${subscribers.unsubscribedAt} end`,
        },
      })
      .returning({ id: subscribers.id, status: subscribers.status });
    if (!row || row.status !== 'pending') return false;
    if (await mailboxMailedSince(tx as Database, mailbox, row.id, since)) return false;
    // Checked and set in one statement: of concurrent sign-ups of one address, one wins.
    const due = await tx
      .update(subscribers)
      .set({ confirmationQueuedAt: input.now })
      .where(
        and(
          eq(subscribers.id, row.id),
          or(isNull(subscribers.confirmationQueuedAt), lt(subscribers.confirmationQueuedAt, since)),
        ),
      )
      .returning({ id: subscribers.id });
    if (due.length === 0) return false;
    await tx.insert(mailQueue).values({
      kind: 'confirmation',
      subscriberId: row.id,
      recipient: input.email,
      linkOrigin: input.linkOrigin,
      nextAttemptAt: input.now,
    });
    return true;
  });
}

/**
 * Whether another address of the same mailbox was sent a confirmation since `since`: the hourly
 * limit is the mailbox's, not the spelling's. Only the last hour's few addresses are read.
 */
async function mailboxMailedSince(
  db: Database,
  mailbox: string,
  ownId: number,
  since: Date,
): Promise<boolean> {
  const recent = await db
    .select({ email: subscribers.email })
    .from(subscribers)
    .where(and(gt(subscribers.confirmationQueuedAt, since), ne(subscribers.id, ownId)));
  return recent.some((other) => mailboxOf(other.email) === mailbox);
}

/** Stores a token's hash for a subscriber; `expiresAt` null for unsubscribe tokens, which never expire. */
export interface NewSubscriberToken {
  hash: string;
  subscriberId: number;
  purpose: 'confirm' | 'unsubscribe';
  expiresAt: Date | null;
}

export async function addSubscriberToken(db: Database, token: NewSubscriberToken): Promise<void> {
  await addSubscriberTokens(db, [token]);
}

/** Several tokens in one statement: the mail worker's links for a batch of messages. */
export async function addSubscriberTokens(
  db: Database,
  tokens: readonly NewSubscriberToken[],
): Promise<void> {
  if (tokens.length === 0) return;
  await db.insert(subscriberTokens).values(
    tokens.map((token) => ({
      tokenHash: token.hash,
      subscriberId: token.subscriberId,
      purpose: token.purpose,
      expiresAt: token.expiresAt,
    })),
  );
}

/** Removes tokens that were made for messages never handed to SMTP: no one holds them. */
export async function deleteSubscriberTokens(db: Database, hashes: readonly string[]): Promise<void> {
  if (hashes.length === 0) return;
  await db.delete(subscriberTokens).where(inArray(subscriberTokens.tokenHash, [...hashes]));
}

/** What a confirmation link did: confirmed now, confirmed before (the link was used), or nothing. */
export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'invalid';

/**
 * Confirms the address a confirmation token was sent to. A used token is kept, expired, rather than
 * deleted (with every other confirmation token of the address), so that opening the link again can
 * say the reader is confirmed (docs/decisions/056-newsletter-hardening.md); it never confirms again.
 * Unsubscribing deletes them, so an old link cannot confirm a later sign-up.
 */
export async function confirmSubscriber(
  db: Database,
  tokenHash: string,
  now: Date,
  /** Where the welcome mail's links point, when the owner has it on (docs/decisions/097-automatic-mail.md). */
  welcome?: { linkOrigin: string },
): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const [token] = await tx
      .select({ subscriberId: subscriberTokens.subscriberId, expiresAt: subscriberTokens.expiresAt })
      .from(subscriberTokens)
      .where(and(eq(subscriberTokens.tokenHash, tokenHash), eq(subscriberTokens.purpose, 'confirm')));
    if (!token) return 'invalid';
    const [subscriber] = await tx
      .select({ status: subscribers.status })
      .from(subscribers)
      .where(eq(subscribers.id, token.subscriberId));
    if (subscriber?.status === 'confirmed') return 'already-confirmed';
    if (subscriber?.status !== 'pending' || !token.expiresAt || token.expiresAt <= now) return 'invalid';
    // Used up, with every other confirmation link of the address: kept only to answer a second click.
    await tx
      .update(subscriberTokens)
      .set({ expiresAt: now })
      .where(
        and(eq(subscriberTokens.subscriberId, token.subscriberId), eq(subscriberTokens.purpose, 'confirm')),
      );
    const confirmed = await tx
      .update(subscribers)
      .set({ status: 'confirmed', confirmedAt: now, unsubscribedAt: null })
      .where(and(eq(subscribers.id, token.subscriberId), eq(subscribers.status, 'pending')))
      .returning({ id: subscribers.id });
    if (confirmed.length === 0) return 'already-confirmed';
    // In the same transaction: a confirmation is never left without its welcome, nor welcomed twice.
    if (welcome)
      await queueWelcomeMail(tx as Database, {
        subscriberId: token.subscriberId,
        linkOrigin: welcome.linkOrigin,
        now,
      });
    return 'confirmed';
  });
}

async function subscriberOfUnsubscribeToken(db: Database, tokenHash: string): Promise<number | null> {
  const [token] = await db
    .select({ subscriberId: subscriberTokens.subscriberId })
    .from(subscriberTokens)
    .where(and(eq(subscriberTokens.tokenHash, tokenHash), eq(subscriberTokens.purpose, 'unsubscribe')));
  return token?.subscriberId ?? null;
}

/**
 * Unsubscribes the address an unsubscribe token was sent to, and drops its queued mail and pending
 * confirmations: nothing reaches it again until it signs up and confirms anew. Using the token again
 * is no error. False for an unknown token.
 */
export async function unsubscribeByToken(db: Database, tokenHash: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const subscriberId = await subscriberOfUnsubscribeToken(tx as Database, tokenHash);
    if (subscriberId === null) return false;
    await tx
      .update(subscribers)
      .set({ status: 'unsubscribed', unsubscribedAt: now })
      .where(and(eq(subscribers.id, subscriberId), sql`${subscribers.status} <> 'unsubscribed'`));
    await tx
      .delete(subscriberTokens)
      .where(and(eq(subscriberTokens.subscriberId, subscriberId), eq(subscriberTokens.purpose, 'confirm')));
    await tx
      .delete(mailQueue)
      .where(and(eq(mailQueue.subscriberId, subscriberId), eq(mailQueue.status, 'queued')));
    return true;
  });
}

/** Deletes the subscriber an unsubscribe token names, with its tokens and mail. False for an unknown token. */
export async function eraseByToken(db: Database, tokenHash: string): Promise<boolean> {
  const subscriberId = await subscriberOfUnsubscribeToken(db, tokenHash);
  return subscriberId === null ? false : deleteSubscriber(db, subscriberId);
}

/** The subscribers of a batch of messages, read at once, by id (an erased one is absent). */
export async function subscribersByIds(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, Subscriber>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(subscribers)
    .where(inArray(subscribers.id, [...ids]));
  return new Map(rows.map((row) => [row.id, toSubscriber(row)]));
}

/** Newest first; served by the (created_at, id) index. */
export async function listSubscribers(db: Database): Promise<Subscriber[]> {
  const rows = await db.select().from(subscribers).orderBy(desc(subscribers.createdAt), desc(subscribers.id));
  return rows.map(toSubscriber);
}

/** Deletes the subscriber; its tokens and queued mail go with it (foreign keys cascade). */
export function deleteSubscriber(db: Database, id: number): Promise<boolean> {
  return deleteById(db, subscribers, id);
}

/** How many addresses are in each status, every status present (zero when none). */
export async function countSubscribersByStatus(db: Database): Promise<Record<SubscriberStatus, number>> {
  const rows = await db
    .select({ status: subscribers.status, count: sql<number>`count(*)::int` })
    .from(subscribers)
    .groupBy(subscribers.status);
  const counts: Record<SubscriberStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/**
 * Erases the sign-ups still pending whose last request (the sign-up, or the latest confirmation mail
 * asked for) is older than `cutoff`, with their tokens and queued mail (the foreign keys cascade):
 * an address that never confirmed was never consent to keep it (docs/decisions/094-list-hygiene.md).
 */
export async function eraseUnconfirmedSubscribers(db: Database, cutoff: Date): Promise<number> {
  const gone = await db
    .delete(subscribers)
    .where(
      and(
        eq(subscribers.status, 'pending'),
        lt(subscribers.createdAt, cutoff),
        or(isNull(subscribers.confirmationQueuedAt), lt(subscribers.confirmationQueuedAt, cutoff)),
      ),
    )
    .returning({ id: subscribers.id });
  return gone.length;
}

export async function countConfirmedSubscribers(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(subscribers)
    .where(eq(subscribers.status, 'confirmed'));
  return row?.count ?? 0;
}

/** One page of the admin table, sorted by any column, filtered by e-mail and status. */
export async function pageSubscribers(
  db: Database,
  request: SubscriberPageRequest,
): Promise<Page<Subscriber>> {
  const status = request.status ? eq(subscribers.status, request.status) : undefined;
  return pageOf(db, subscribers, [subscribers.email], request, toSubscriber, status);
}

/** Every subscriber in batches, oldest first: the CSV export streams these without holding them all. */
export async function* eachSubscriberBatch(db: Database, batchSize = 1000): AsyncGenerator<Subscriber[]> {
  let lastId = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(subscribers)
      .where(gt(subscribers.id, lastId))
      .orderBy(asc(subscribers.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(toSubscriber);
    lastId = rows.at(-1)?.id ?? lastId;
  }
}
