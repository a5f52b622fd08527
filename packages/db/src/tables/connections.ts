import { CONNECTION_PROVIDERS, CONNECTION_STATUSES, REVENUE_SOURCES } from '@journey/contracts/constants';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, isOneOf } from './columns';

/**
 * docs/decisions/077-provider-connections.md: one read-only key per payment provider, sealed with the
 * server's secret (AES-256-GCM), and how its last sync went. Part of ../schema.ts.
 */
export const providerConnections = pgTable(
  'provider_connections',
  {
    provider: text('provider', { enum: CONNECTION_PROVIDERS }).primaryKey(),
    status: text('status', { enum: CONNECTION_STATUSES }).notNull().default('syncing'),
    /** The provider's id of the account the key reads (Stripe's acct_…), once a sync has read it. */
    accountId: text('account_id'),
    /** The revenue source the provider's entries count under (the tracker's split). */
    source: text('source', { enum: REVENUE_SOURCES }).notNull().default('ai'),
    apiKeySealed: text('api_key_sealed').notNull(),
    webhookSecretSealed: text('webhook_secret_sealed'),
    lastSyncedAt: instant('last_synced_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    check('provider_connections_provider_valid', isOneOf(table.provider, CONNECTION_PROVIDERS)),
    check('provider_connections_status_valid', isOneOf(table.status, CONNECTION_STATUSES)),
    check('provider_connections_source_valid', isOneOf(table.source, REVENUE_SOURCES)),
  ],
);

/** A sync job's state: waiting for its time, or claimed by a worker until `claimed_until`. */
export const SYNC_JOB_STATES = ['queued', 'running'] as const;

/**
 * One durable sync job per connection (docs/decisions/077-provider-connections.md), claimed with
 * FOR UPDATE SKIP LOCKED like the mail queue: one sync per connection at a time across processes. A
 * worker saves `cursor` after each page, so a sync whose worker died (its claim lapsed) goes on where
 * it stopped. Not a public table: a page's progress empties no cached answer.
 */
export const syncJobs = pgTable(
  'sync_jobs',
  {
    provider: text('provider', { enum: CONNECTION_PROVIDERS })
      .primaryKey()
      .references(() => providerConnections.provider, { onDelete: 'cascade' }),
    state: text('state', { enum: SYNC_JOB_STATES }).notNull().default('queued'),
    /** Where the provider's client goes on from; its own shape, opaque to the queue. */
    cursor: jsonb('cursor'),
    /** 'Sync now' while a run is under way: run again as soon as it ends. */
    again: boolean('again').notNull().default(false),
    /** Failed runs in a row, for the backoff; 0 after a run that ended well. */
    attempts: integer('attempts').notNull().default(0),
    nextRunAt: instant('next_run_at').notNull().defaultNow(),
    claimedUntil: instant('claimed_until'),
  },
  (table) => [
    index('sync_jobs_due_idx').on(table.state, table.nextRunAt),
    check('sync_jobs_state_valid', isOneOf(table.state, SYNC_JOB_STATES)),
  ],
);

/**
 * The providers' webhook events already recorded, by their own id: a redelivered event is answered
 * 2xx and changes nothing (docs/decisions/077-provider-connections.md). Not a public table.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider', { enum: CONNECTION_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    check('webhook_events_provider_valid', isOneOf(table.provider, CONNECTION_PROVIDERS)),
  ],
);

/**
 * What a sync or a webhook read but did not make an entry, and why (a test-mode order, a payment
 * waiting for an exchange rate): listed in the Connections tab, so nothing is dropped silently. A row
 * goes when its transaction becomes an entry, and with its connection. Not a public table.
 */
export const syncSkipped = pgTable(
  'sync_skipped',
  {
    provider: text('provider', { enum: CONNECTION_PROVIDERS })
      .notNull()
      .references(() => providerConnections.provider, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    reason: text('reason').notNull(),
    seenAt: instant('seen_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.externalId] }),
    index('sync_skipped_seen_at_idx').on(table.seenAt),
  ],
);
