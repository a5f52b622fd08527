import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    source: text('source', { enum: ['ai', 'passive', 'consulting'] }).notNull(),
    description: text('description').notNull(),
    date: timestamp('date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // One (column, id) index per sortable column: every admin page and sort is an index range scan.
    index('revenues_date_id_idx').on(table.date, table.id),
    index('revenues_amount_id_idx').on(table.amount, table.id),
    index('revenues_source_id_idx').on(table.source, table.id),
    index('revenues_description_id_idx').on(table.description, table.id),
    check('revenues_amount_positive', sql`${table.amount} > 0`),
    check('revenues_source_valid', sql`${table.source} in ('ai', 'passive', 'consulting')`),
  ],
);

/**
 * Running totals per source, kept by statement triggers on `revenues` (migration 0003): reading the
 * totals costs the same at a million entries as at none, and stays exact whoever writes the table.
 */
export const revenueTotals = pgTable('revenue_totals', {
  source: text('source', { enum: ['ai', 'passive', 'consulting'] }).primaryKey(),
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
    index('milestones_day_id_idx').on(table.day, table.id),
    index('milestones_title_id_idx').on(table.title, table.id),
    index('milestones_date_id_idx').on(table.date, table.id),
    index('milestones_is_revenue_id_idx').on(table.isRevenue, table.id),
    check('milestones_day_positive', sql`${table.day} > 0`),
    check('milestones_is_revenue_valid', sql`${table.isRevenue} in (0, 1)`),
    check('milestones_amount_only_for_revenue', sql`${table.isRevenue} = 1 or ${table.amount} is null`),
  ],
);

export const experiments = pgTable(
  'experiments',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['Active', 'Popular', 'Flagship'] }).notNull(),
    statusColor: text('status_color').notNull(),
    projectCount: integer('project_count').notNull(),
    imageUrl: text('image_url').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('experiments_created_at_id_idx').on(table.createdAt, table.id),
    index('experiments_title_id_idx').on(table.title, table.id),
    index('experiments_status_id_idx').on(table.status, table.id),
    index('experiments_project_count_id_idx').on(table.projectCount, table.id),
    check('experiments_status_valid', sql`${table.status} in ('Active', 'Popular', 'Flagship')`),
    check('experiments_project_count_valid', sql`${table.projectCount} >= 0`),
  ],
);

export const subscribers = pgTable(
  'subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    consent: integer('consent').notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('subscribers_email_key').on(table.email),
    index('subscribers_created_at_id_idx').on(table.createdAt, table.id),
    index('subscribers_email_id_idx').on(table.email, table.id),
    index('subscribers_consent_id_idx').on(table.consent, table.id),
  ],
);
