import { BROADCAST_ORIGINS, BROADCAST_STATUSES, SUBSCRIBER_STATUSES } from '@journey/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
// A cycle with ../schema, read lazily by the foreign key only.
import { milestones } from '../schema';
import { createdAt, instant, isOneOf, keysetIndexes } from './columns';

/** The newsletter's tables (docs/decisions/040-newsletter-delivery.md), part of ../schema.ts. */

/** docs/decisions/040-newsletter-delivery.md: double opt-in, with the consent given kept as proof. */
export const subscribers = pgTable(
  'subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    consent: integer('consent').notNull().default(1),
    status: text('status', { enum: SUBSCRIBER_STATUSES }).notNull().default('pending'),
    /** The version of the consent text shown at sign-up (CONSENT_TEXTS in the contracts). */
    consentVersion: text('consent_version').notNull().default('v1'),
    createdAt: createdAt(),
    /** Null while pending, and for addresses that signed up before double opt-in existed. */
    confirmedAt: instant('confirmed_at'),
    unsubscribedAt: instant('unsubscribed_at'),
    /** When the last confirmation mail was queued: at most one per address per hour. */
    confirmationQueuedAt: instant('confirmation_queued_at'),
    /**
     * An imported address's consent evidence, as the other service's export gave it (e.g. "mailchimp
     * import: confirmed 2024-03-01T10:00:00.000Z from 1.2.3.4"); null for a sign-up through the form
     * (docs/decisions/096-subscriber-import.md).
     */
    consentSource: text('consent_source'),
    /** When the address came in by a CSV import; null for a sign-up through the form. */
    importedAt: instant('imported_at'),
  },
  (table) => [
    uniqueIndex('subscribers_email_key').on(table.email),
    // Not confirmed_at: a nullable column cannot be keyset-paged as (value, id) > (cursor value, id).
    ...keysetIndexes('subscribers', [table.createdAt, table.email, table.consent, table.status], table.id),
    check('subscribers_status_valid', isOneOf(table.status, SUBSCRIBER_STATUSES)),
  ],
);

/**
 * The tokens of the links in mails, as SHA-256 hashes: a leaked database holds no working link.
 * A confirmation token is used once and expires; an unsubscribe token (one per mail sent) does not.
 */
export const subscriberTokens = pgTable(
  'subscriber_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'unsubscribe'] }).notNull(),
    expiresAt: instant('expires_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('subscriber_tokens_subscriber_id_idx').on(table.subscriberId),
    check('subscriber_tokens_purpose_valid', isOneOf(table.purpose, ['confirm', 'unsubscribe'])),
  ],
);

export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    /** Markdown: the mail's HTML and plain-text parts are both built from it. */
    body: text('body').notNull(),
    status: text('status', { enum: BROADCAST_STATUSES }).notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    /**
     * The archive page's address, `/newsletter/{slug}`: made from the subject when it is sent, unique
     * (docs/decisions/095-newsletter-archive.md). Null for a draft.
     */
    slug: text('slug'),
    /** The owner keeps this one out of the public archive (its page, list, feed and sitemap). */
    private: boolean('private').notNull().default(false),
    /** Who wrote it: the owner, a milestone's "mail this to subscribers", or the monthly digest. */
    origin: text('origin', { enum: BROADCAST_ORIGINS }).notNull().default('owner'),
    /** The milestone it tells of, when `origin` is `milestone`: unique, so a milestone mails once. */
    milestoneId: integer('milestone_id').references((): AnyPgColumn => milestones.id, {
      onDelete: 'set null',
    }),
    /** The month a digest covers, `YYYY-MM`, when `origin` is `digest`: one digest per month. */
    digestMonth: text('digest_month'),
  },
  (table) => [
    index('broadcasts_created_at_id_idx').on(table.createdAt, table.id),
    uniqueIndex('broadcasts_slug_key').on(table.slug),
    uniqueIndex('broadcasts_milestone_id_key').on(table.milestoneId),
    uniqueIndex('broadcasts_digest_month_key').on(table.digestMonth),
    check('broadcasts_origin_valid', isOneOf(table.origin, BROADCAST_ORIGINS)),
    // The archive lists the sent ones newest first.
    index('broadcasts_sent_at_id_idx').on(table.sentAt, table.id),
    check('broadcasts_status_valid', isOneOf(table.status, BROADCAST_STATUSES)),
  ],
);

/**
 * `security`: a notice to the owner about their account (docs/decisions/089-security-mail.md);
 * `welcome`: the owner's welcome mail, once per subscriber after confirming.
 */
export const MAIL_KINDS = ['confirmation', 'broadcast', 'test', 'security', 'welcome'] as const;
export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;

/**
 * The send queue: one row per message to send (docs/decisions/040-newsletter-delivery.md). A worker
 * claims a row (`FOR UPDATE SKIP LOCKED`) for `claimed_until`, sends, then marks it; a worker that dies
 * leaves its claim to lapse, and another worker sends that one message again.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    subscriberId: integer('subscriber_id').references(() => subscribers.id, { onDelete: 'cascade' }),
    broadcastId: integer('broadcast_id').references(() => broadcasts.id, { onDelete: 'cascade' }),
    /**
     * The audit row a security notice tells of; the text is built from it when sent. No foreign key: the
     * trail's retention purge must not wait on the queue.
     */
    auditEventId: bigint('audit_event_id', { mode: 'number' }),
    recipient: text('recipient').notNull(),
    /** The origin the mail's links start with: PUBLIC_URL, or the origin the request came to. */
    linkOrigin: text('link_origin').notNull(),
    status: text('status', { enum: MAIL_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    claimedUntil: instant('claimed_until'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [
    // A broadcast reaches a subscriber once, however often sending is asked for.
    uniqueIndex('mail_queue_broadcast_subscriber_key')
      .on(table.broadcastId, table.subscriberId)
      .where(sql`${table.kind} = 'broadcast'`),
    // A subscriber is welcomed once, however often the confirmation link is followed.
    uniqueIndex('mail_queue_welcome_subscriber_key')
      .on(table.subscriberId)
      .where(sql`${table.kind} = 'welcome'`),
    index('mail_queue_due_idx').on(table.status, table.nextAttemptAt, table.id),
    index('mail_queue_broadcast_id_status_idx').on(table.broadcastId, table.status),
    index('mail_queue_subscriber_id_idx').on(table.subscriberId),
    check('mail_queue_kind_valid', isOneOf(table.kind, MAIL_KINDS)),
    check('mail_queue_status_valid', isOneOf(table.status, MAIL_STATES)),
  ],
);

/**
 * The newsletter's automatic mail, one row (id 1): the welcome mail the owner writes, sent once to
 * each subscriber after confirming, and whether the server drafts a monthly digest for approval.
 */
export const newsletterAutomation = pgTable(
  'newsletter_automation',
  {
    id: integer('id').primaryKey().default(1),
    welcomeEnabled: boolean('welcome_enabled').notNull().default(false),
    welcomeSubject: text('welcome_subject').notNull().default(''),
    /** Markdown, rendered as a broadcast's is. */
    welcomeBody: text('welcome_body').notNull().default(''),
    digestEnabled: boolean('digest_enabled').notNull().default(false),
    /**
     * The latest month (`YYYY-MM`) whose digest was drafted, by the daily job or the owner's "draft
     * now": the job drafts a month once, so a digest draft the owner deleted is not drafted again.
     */
    digestDraftedMonth: text('digest_drafted_month'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [check('newsletter_automation_one_row', sql`${table.id} = 1`)],
);

/** Without SMTP_URL every message lands here instead, for the admin to read in the panel. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_created_at_id_idx').on(table.createdAt, table.id)],
);
