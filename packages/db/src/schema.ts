import {
  EXPERIMENT_STATES,
  EXPERIMENT_STATUSES,
  MILESTONE_TYPES,
  REVENUE_PROVENANCES,
  REVENUE_PROVIDERS,
  REVENUE_SOURCES,
  type RevenueProvider,
} from '@journey/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, isOneOf, keysetIndexes } from './tables/columns';
import { revenueImports } from './tables/revenue-history';

export * from './tables/connections';
export * from './tables/exchange-rates';
export * from './tables/newsletter';
export * from './tables/revenue-history';
export * from './tables/subscriptions';
export * from './tables/costs';
export * from './tables/factors';
export * from './tables/passkeys';
export * from './tables/audit';
export * from './tables/webhooks';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** scrypt hash with its salt and parameters, never sent to a client. */
    password: text('password').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    /**
     * docs/decisions/086-one-time-codes.md: every sign-in needs a second factor, never the password alone.
     * On only while a factor is confirmed; while on, the last factor cannot be removed.
     */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
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
    /** Sign-in time: the owner's list shows it as "first seen". */
    createdAt: createdAt(),
    /**
     * What the owner's session list and its API name the session by (docs/decisions/085-owner-sessions.md):
     * random, never the token nor its hash, and no sequence for a restore to collide with.
     */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** The browser's User-Agent at sign-in, cut to SESSION_USER_AGENT_MAX characters; null before 085. */
    userAgent: text('user_agent'),
    signInIp: text('sign_in_ip'),
    /** Where and when the session was last used, written at most once a minute (decision 085). */
    lastIp: text('last_ip'),
    lastSeenAt: instant('last_seen_at'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
    uniqueIndex('sessions_public_id_key').on(table.publicId),
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
    /** Set on imported entries (docs/decisions/044-provider-imports.md): the provider and its transaction id. */
    provider: text('provider').$type<RevenueProvider>(),
    externalId: text('external_id'),
    importId: integer('import_id').references(() => revenueImports.id),
    /** docs/decisions/076-revenue-provenance.md: how the entry was written, and what the customer paid. */
    provenance: text('provenance', { enum: REVENUE_PROVENANCES }).notNull().default('manual'),
    currency: text('currency').notNull().default('USD'),
    /** In `currency`; null when that is the amount itself (a manual entry, a USD payment). */
    originalAmount: numeric('original_amount', { precision: 14, scale: 2 }),
    /** The product and price a provider says the payment was for, to match an experiment's rules (082). */
    productId: text('product_id'),
    priceId: text('price_id'),
    /** docs/decisions/082-experiment-money.md: the experiment this entry was assigned to by hand. */
    experimentId: integer('experiment_id').references((): AnyPgColumn => experiments.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    // Importing the same export twice adds nothing: a provider's transaction id is stored once.
    uniqueIndex('revenues_provider_external_id_key').on(table.provider, table.externalId),
    index('revenues_experiment_id_idx')
      .on(table.experimentId)
      .where(sql`${table.experimentId} is not null`),
    index('revenues_import_id_idx')
      .on(table.importId)
      .where(sql`${table.importId} is not null`),
    ...keysetIndexes('revenues', [table.date, table.amount, table.source, table.description], table.id),
    // A provider's refunds and adjustments are negative; a typed or imported amount never is.
    check(
      'revenues_amount_sign',
      sql`${table.amount} > 0 or (${table.amount} <> 0 and ${table.provenance} in ('sync', 'webhook'))`,
    ),
    check('revenues_source_valid', isOneOf(table.source, REVENUE_SOURCES)),
    check('revenues_provenance_valid', isOneOf(table.provenance, REVENUE_PROVENANCES)),
    check('revenues_provider_valid', isOneOf(table.provider, REVENUE_PROVIDERS)),
    check('revenues_currency_code', sql`${table.currency} ~ '^[A-Z]{3}$'`),
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

/**
 * Revenue per UTC day and source, kept by statement triggers on `revenues` (migration 0008): the
 * revenue series and metrics sum days, not entries, so a rebuild of the landing page after a write
 * does not scan every entry (docs/decisions/048-write-path-under-load.md). A day without entries has no row.
 */
export const revenueDays = pgTable(
  'revenue_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source', { enum: REVENUE_SOURCES }).notNull(),
    amount: numeric('amount').notNull(),
    entries: integer('entries').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.source] })],
);

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
    /** The AI Arena experiment this milestone belongs to, shown on its /lab page (decision 082). */
    experimentId: integer('experiment_id').references((): AnyPgColumn => experiments.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    index('milestones_experiment_id_idx').on(table.experimentId),
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
    /** docs/decisions/081-experiment-state.md: the experiment's page is /lab/{slug}. */
    slug: text('slug').notNull(),
    /** The experiment's story on its page, in Markdown; empty until the owner writes one. */
    story: text('story').notNull().default(''),
    state: text('state', { enum: EXPERIMENT_STATES }).notNull().default('running'),
    /** When it was paused or killed; null while running. */
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true, precision: 3 }),
    /** The one-line verdict of a killed (or paused) experiment. */
    verdict: text('verdict'),
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
    uniqueIndex('experiments_slug_key').on(table.slug),
    check('experiments_state_valid', isOneOf(table.state, EXPERIMENT_STATES)),
    check('experiments_slug_shape', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
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
