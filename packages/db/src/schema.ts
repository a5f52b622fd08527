import {
  BROADCAST_STATUSES,
  EXPERIMENT_STATUSES,
  MILESTONE_TYPES,
  REVENUE_SOURCES,
  SUBSCRIBER_STATUSES,
} from '@journey/contracts/constants';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type PgColumn,
} from 'drizzle-orm/pg-core';

/** `column in ('a', 'b')` with the values written out, as a CHECK constraint needs them (no parameters). */
function isOneOf(column: PgColumn, values: readonly (string | number)[]): SQL {
  const literal = (value: string | number) =>
    typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;
  return sql`${column} in ${sql.raw(`(${values.map(literal).join(', ')})`)}`;
}

/** One (column, id) index per sortable column: every admin page and sort is an index range scan. */
function keysetIndexes(tableName: string, columns: PgColumn[], id: PgColumn) {
  return columns.map((column) => index(`${tableName}_${column.name}_id_idx`).on(column, id));
}

const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** scrypt hash with its salt and parameters, never sent to a client. */
    password: text('password').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // Usernames are unique regardless of case, so "Admin" cannot shadow "admin".
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_key').on(table.email),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the session token: a stolen database cannot be replayed as cookies. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

export const revenues = pgTable(
  'revenues',
  {
    id: serial('id').primaryKey(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    source: text('source', { enum: REVENUE_SOURCES }).notNull(),
    description: text('description').notNull(),
    date: timestamp('date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    ...keysetIndexes('revenues', [table.date, table.amount, table.source, table.description], table.id),
    check('revenues_amount_positive', sql`${table.amount} > 0`),
    check('revenues_source_valid', isOneOf(table.source, REVENUE_SOURCES)),
  ],
);

/**
 * Running totals per source, kept by statement triggers on `revenues` (migration 0003): reading the
 * totals costs the same at a million entries as at none, and stays exact whoever writes the table.
 */
export const revenueTotals = pgTable('revenue_totals', {
  source: text('source', { enum: REVENUE_SOURCES }).primaryKey(),
  amount: numeric('amount').notNull().default('0'),
});

/** Row counts of the admin tables, kept by statement triggers (migration 0003): a page's total is one read. */
export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  rows: bigint('rows', { mode: 'number' }).notNull().default(0),
});

export const milestones = pgTable(
  'milestones',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    date: timestamp('date', { withTimezone: true, precision: 3 }).notNull(),
    day: integer('day').notNull(),
    isRevenue: integer('is_revenue').notNull().default(0),
    amount: numeric('amount', { precision: 14, scale: 2 }),
  },
  (table) => [
    ...keysetIndexes('milestones', [table.day, table.title, table.date, table.isRevenue], table.id),
    check('milestones_day_positive', sql`${table.day} > 0`),
    check('milestones_is_revenue_valid', isOneOf(table.isRevenue, MILESTONE_TYPES)),
    check('milestones_amount_only_for_revenue', sql`${table.isRevenue} = 1 or ${table.amount} is null`),
  ],
);

export const experiments = pgTable(
  'experiments',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: EXPERIMENT_STATUSES }).notNull(),
    statusColor: text('status_color').notNull(),
    projectCount: integer('project_count').notNull(),
    imageUrl: text('image_url').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    ...keysetIndexes(
      'experiments',
      [table.createdAt, table.title, table.status, table.projectCount],
      table.id,
    ),
    check('experiments_status_valid', isOneOf(table.status, EXPERIMENT_STATUSES)),
    check('experiments_project_count_valid', sql`${table.projectCount} >= 0`),
  ],
);

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

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
  },
  (table) => [
    index('broadcasts_created_at_id_idx').on(table.createdAt, table.id),
    check('broadcasts_status_valid', isOneOf(table.status, BROADCAST_STATUSES)),
  ],
);

export const MAIL_KINDS = ['confirmation', 'broadcast', 'test'] as const;
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
    index('mail_queue_due_idx').on(table.status, table.nextAttemptAt, table.id),
    index('mail_queue_broadcast_id_status_idx').on(table.broadcastId, table.status),
    index('mail_queue_subscriber_id_idx').on(table.subscriberId),
    check('mail_queue_kind_valid', isOneOf(table.kind, MAIL_KINDS)),
    check('mail_queue_status_valid', isOneOf(table.status, MAIL_STATES)),
  ],
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

/**
 * The owner's settings (docs/decisions/037-owner-settings.md): one row, id 1, holding the whole
 * record as JSON, checked by the contracts' `settingsSchema` on the way in and out. A field added later
 * needs no migration: a stored record without it reads as its default.
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [check('site_settings_one_row', sql`${table.id} = 1`)],
);
