import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '@journey/contracts/constants';
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, isOneOf } from './columns';

/**
 * docs/decisions/091-outgoing-webhooks.md: the owner's endpoints, each with the events it hears and its
 * signing secret sealed with the server's secret box (as provider keys, decision 077). Part of
 * ../schema.ts. Not a public table.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** `whsec_…`, sealed: only the create's answer shows it. */
  secretSealed: text('secret_sealed').notNull(),
  /** Set when the endpoint turned itself off (a 410 Gone); cleared when the owner enables it again. */
  disabledReason: text('disabled_reason'),
  createdAt: createdAt(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * One message to one endpoint, and the durable job that sends it (decision 091): queued in the
 * transaction of the write that raised the event (an outbox), claimed with FOR UPDATE SKIP LOCKED
 * until `claimed_until` like the mail queue, retried with a growing backoff. `message_id` is the
 * webhook-id header: the same on every try and resend, so a receiver drops repeats.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type', { enum: WEBHOOK_EVENTS }).notNull(),
    messageId: text('message_id').notNull(),
    /** The signed body: `{ type, timestamp, data }`, fixed when the event was raised. */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    claimedUntil: instant('claimed_until'),
    lastStatusCode: integer('last_status_code'),
    lastResponse: text('last_response'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.id),
    check('webhook_deliveries_status_valid', isOneOf(table.status, WEBHOOK_DELIVERY_STATUSES)),
    check('webhook_deliveries_event_valid', isOneOf(table.eventType, WEBHOOK_EVENTS)),
  ],
);
