import type {
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEvent,
} from '@journey/contracts';
import { and, asc, count, desc, eq, lt, lte, sql } from 'drizzle-orm';
import { firstUnclaimed } from './claims';
import type { Database } from './client';
import { webhookDeliveries, webhookEndpoints } from './schema';

/**
 * The query module of webhook_endpoints and webhook_deliveries (docs/decisions/091-outgoing-webhooks.md).
 * Deliveries are queued by triggers (migration 0026) in the transaction of the write that raised the
 * event; this module lists, claims, records and re-sends them.
 */

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};

type EndpointRow = {
  id: number;
  url: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  ...row,
  events: row.events as WebhookEvent[],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listWebhookEndpoints(db: Database): Promise<WebhookEndpoint[]> {
  const rows = await db.select(endpointColumns).from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));
  return rows.map(toEndpoint);
}

export async function countWebhookEndpoints(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints);
  return row?.n ?? 0;
}

export async function findWebhookEndpoint(db: Database, id: number): Promise<WebhookEndpoint | null> {
  const [row] = await db.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ? toEndpoint(row) : null;
}

export interface WebhookEndpointValues {
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
}

export async function createWebhookEndpoint(
  db: Database,
  values: WebhookEndpointValues & { secretSealed: string },
): Promise<WebhookEndpoint> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning(endpointColumns);
  if (!row) throw new Error('the endpoint was not stored');
  return toEndpoint(row);
}

/** Saving an endpoint enabled clears why it had turned itself off. */
export async function updateWebhookEndpoint(
  db: Database,
  id: number,
  values: WebhookEndpointValues,
  now: Date,
): Promise<WebhookEndpoint | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...values,
      updatedAt: now,
      disabledReason: values.enabled ? null : webhookEndpoints.disabledReason,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning(endpointColumns);
  return row ? toEndpoint(row) : null;
}

/** Its deliveries go with it (on delete cascade): nothing is sent to an endpoint that is gone. */
export async function deleteWebhookEndpoint(db: Database, id: number): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/** A 410 Gone: the receiver says the endpoint is no more; it is turned off until the owner saves it. */
export async function disableWebhookEndpoint(db: Database, id: number, reason: string, now: Date) {
  await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(eq(webhookEndpoints.id, id));
}

/** The sealed secret, for the worker that signs. */
export async function webhookEndpointSecret(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .select({ secretSealed: webhookEndpoints.secretSealed })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return row?.secretSealed ?? null;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  eventType: webhookDeliveries.eventType,
  messageId: webhookDeliveries.messageId,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastResponse: webhookDeliveries.lastResponse,
  lastError: webhookDeliveries.lastError,
  createdAt: webhookDeliveries.createdAt,
  updatedAt: webhookDeliveries.updatedAt,
};

type DeliveryRow = Omit<WebhookDelivery, 'nextAttemptAt' | 'createdAt' | 'updatedAt'> & {
  nextAttemptAt: Date;
  createdAt: Date;
  updatedAt: Date;
};

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  ...row,
  // Only a queued delivery has a next attempt to show.
  nextAttemptAt: row.status === 'queued' ? iso(row.nextAttemptAt) : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** An endpoint's deliveries, newest first: the most recent `limit`. */
export async function listWebhookDeliveries(
  db: Database,
  endpointId: number,
  limit = 100,
): Promise<WebhookDelivery[]> {
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map(toDelivery);
}

export interface ClaimedWebhookDelivery {
  id: number;
  endpointId: number;
  messageId: string;
  payload: unknown;
  /** 1 on the first try. */
  attempts: number;
  url: string;
  secretSealed: string;
}

/**
 * Claims the next delivery to send until `claimUntil`, as the mail queue does: a lease that lapsed (its
 * worker died mid-send) first, then the one due longest. `FOR UPDATE SKIP LOCKED`: workers in several
 * processes never take the same delivery. A delivery whose endpoint was turned off waits, queued.
 */
export async function claimNextWebhookDelivery(
  db: Database,
  now: Date,
  claimUntil: Date,
): Promise<ClaimedWebhookDelivery | null> {
  const enabled = sql`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.id} = ${webhookDeliveries.endpointId} and ${webhookEndpoints.enabled})`;
  const lapsed = firstUnclaimed(
    db,
    webhookDeliveries.id,
    and(eq(webhookDeliveries.status, 'sending'), lt(webhookDeliveries.claimedUntil, now)),
    [webhookDeliveries.id],
  );
  const due = firstUnclaimed(
    db,
    webhookDeliveries.id,
    and(eq(webhookDeliveries.status, 'queued'), lte(webhookDeliveries.nextAttemptAt, now), enabled),
    [webhookDeliveries.nextAttemptAt, webhookDeliveries.id],
  );
  for (const next of [lapsed, due]) {
    const [claimed] = await db
      .update(webhookDeliveries)
      .set({
        status: 'sending',
        claimedUntil: claimUntil,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        updatedAt: now,
      })
      .where(eq(webhookDeliveries.id, sql`(${next})`))
      .returning({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        messageId: webhookDeliveries.messageId,
        payload: webhookDeliveries.payload,
        attempts: webhookDeliveries.attempts,
      });
    if (!claimed) continue;
    const [endpoint] = await db
      .select({ url: webhookEndpoints.url, secretSealed: webhookEndpoints.secretSealed })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, claimed.endpointId));
    // The endpoint was deleted between the claim and now: its deliveries went with it.
    if (!endpoint) return null;
    return { ...claimed, ...endpoint };
  }
  return null;
}

export interface WebhookAttempt {
  status: Extract<WebhookDeliveryStatus, 'queued' | 'delivered' | 'failed'>;
  statusCode: number | null;
  response: string | null;
  error: string | null;
  /** When `status` is queued: the next try. */
  nextAttemptAt?: Date;
}

/** An attempt's outcome; only while this worker still holds the lease (a lapsed one was taken over). */
export async function recordWebhookAttempt(
  db: Database,
  id: number,
  attempt: WebhookAttempt,
  now: Date,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: attempt.status,
      claimedUntil: null,
      lastStatusCode: attempt.statusCode,
      lastResponse: attempt.response,
      lastError: attempt.error,
      updatedAt: now,
      ...(attempt.nextAttemptAt ? { nextAttemptAt: attempt.nextAttemptAt } : {}),
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'sending')));
}

/**
 * Sends a delivery again now, with its message id and payload: the webhook-id a receiver dedupes by.
 * A delivery being sent right now is left alone (null); an unknown one is null too.
 */
export async function resendWebhookDelivery(
  db: Database,
  id: number,
  now: Date,
): Promise<WebhookDelivery | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'queued', nextAttemptAt: now, attempts: 0, claimedUntil: null, updatedAt: now })
    .where(and(eq(webhookDeliveries.id, id), sql`${webhookDeliveries.status} <> 'sending'`))
    .returning(deliveryColumns);
  return row ? toDelivery(row) : null;
}

export async function findWebhookDelivery(db: Database, id: number): Promise<WebhookDelivery | null> {
  const [row] = await db.select(deliveryColumns).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row ? toDelivery(row) : null;
}

/**
 * Gives back every lease. Only for the embedded database at start-up, as for mail and syncs: a lease
 * found then is a dead process's, and its delivery goes again at once (at least once, decision 091).
 */
export async function releaseWebhookClaims(db: Database, now: Date): Promise<number> {
  const released = await db
    .update(webhookDeliveries)
    .set({ status: 'queued', claimedUntil: null, nextAttemptAt: now })
    .where(eq(webhookDeliveries.status, 'sending'))
    .returning({ id: webhookDeliveries.id });
  return released.length;
}
