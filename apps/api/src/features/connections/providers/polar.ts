import { Polar } from '@polar-sh/sdk';
import type { Order } from '@polar-sh/sdk/models/components/order.js';
import { PolarError } from '@polar-sh/sdk/models/errors/polarerror.js';
import { SDKValidationError } from '@polar-sh/sdk/models/errors/sdkvalidationerror.js';
import { validateEvent, WebhookVerificationError } from '@polar-sh/sdk/webhooks';
import { minorToDecimal } from '../money';
import { addInterval, collectPeriod, emptyPeriodsRead, intervalUnit } from '../periods';
import {
  ConnectionKeyError,
  RetryLaterError,
  type PeriodsRead,
  type ProviderClient,
  type ReadPeriod,
  type SkippedTransaction,
  type ReadEntry,
  type SyncPage,
  type VerifiedEvent,
  WebhookSignatureError,
} from '../provider-client';
import { firstWindow, nextWindow, type ReadWindow } from '../read-window';

/**
 * Polar through its official SDK (docs/decisions/077-provider-connections.md). Revenue is each paid
 * order at what Polar charged for it (tax included), and its refunds to date (tax included) as one
 * negative entry: a later partial refund corrects that entry through the ledger. Polar reports in the
 * order's currency only, so an order not in US dollars is converted at the ECB's rate. POLAR_API_BASE,
 * when set, is the origin the SDK talks to instead of api.polar.sh.
 */

/** Orders per request: the API's maximum. */
const PAGE_SIZE = 100;
/** A 429 without a usable Retry-After waits a minute (Polar allows 500 requests a minute). */
const RATE_LIMIT_WAIT_MS = 60_000;
/**
 * A well-formed id no object has, for the harmless writes of the key check: a token that may write
 * gets a 404 for it, a read-only one a 403 (insufficient_scope), since Polar checks the scope first.
 */
const PROBE_ID = '00000000-0000-4000-8000-00000000a11e';

export function polarClient(apiKey: string, base: string | undefined): Polar {
  return new Polar({
    accessToken: apiKey,
    // Unset: the SDK's own production server, https://api.polar.sh.
    serverURL: base,
    // A failed run is retried by the worker from its saved cursor, and a 429 ends the run until its Retry-After.
    retryConfig: { strategy: 'none' },
    timeoutMs: 30_000,
  });
}

function retryAfterMs(headers: Headers): number {
  const seconds = Number(headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : RATE_LIMIT_WAIT_MS;
}

/** Polar's answer as this module's errors: a refused token, a rate limit, or a plain failure. */
function translated(error: unknown): unknown {
  if (!(error instanceof PolarError)) return error;
  if (error.statusCode === 401) {
    return new ConnectionKeyError('Polar refused this token: it is wrong, revoked or expired.', 'rejected');
  }
  if (error.statusCode === 403) {
    return new ConnectionKeyError(
      'This token may not read orders: create it with the orders:read scope.',
      'cannot-read',
    );
  }
  if (error.statusCode === 429) return new RetryLaterError(retryAfterMs(error.headers));
  // The SDK's message holds the whole body; the admin sees the status and its start.
  return new Error(`Polar answered ${error.statusCode}: ${error.message.slice(0, 200)}`, { cause: error });
}

/**
 * Accepts a token that reads orders and may not write: Polar tokens carry scopes, which no endpoint
 * tells an organization token, so a harmless write (an empty update of an order and of a customer that
 * do not exist) shows them: 403 without the write scope, 404 with it.
 */
export async function checkPolarKey(polar: Polar): Promise<void> {
  try {
    await polar.orders.list({ limit: 1 });
  } catch (error) {
    throw translated(error);
  }
  const probes = [
    () => polar.orders.update({ id: PROBE_ID, orderUpdate: {} }),
    () => polar.customers.update({ id: PROBE_ID, customerUpdate: {} }),
  ];
  for (const probe of probes) {
    try {
      await probe();
    } catch (error) {
      if (error instanceof PolarError && error.statusCode === 403) continue;
      // 404 (no such object) or 422 (its body refused): the scope check, which comes first, let it through.
      if (error instanceof PolarError && (error.statusCode === 404 || error.statusCode === 422)) {
        throw new ConnectionKeyError(
          'This token can write to your Polar organization. Create an organization access token with the orders:read scope only and paste that one.',
          'can-write',
        );
      }
      throw translated(error);
    }
    throw new ConnectionKeyError(
      'Polar accepted a write with this token; use one with the orders:read scope only.',
      'can-write',
    );
  }
}

/** The price an order paid: its first item that names one (a proration line may name none). */
const polarPriceId = (order: Order) =>
  order.items.find((item) => item.productPriceId)?.productPriceId ?? null;

/** The entries of one order: its payment, and its refunds to date as one negative entry. */
export function polarEntries(order: Order): { entries: ReadEntry[]; skipped: SkippedTransaction[] } {
  const externalId = `order_${order.id}`;
  // Polar's `paid` holds for paid, partially refunded and refunded orders; drafts, pending and void ones are no revenue.
  if (!order.paid) return { entries: [], skipped: [] };
  const currency = order.currency.toUpperCase();
  // Polar reports in the order's currency only: another than USD is converted at the ECB's rate of its day.
  const inUsd = (amount: number) => {
    const decimal = minorToDecimal(amount, currency);
    return currency === 'USD' ? { amount: decimal } : { settled: { amount: decimal, currency } };
  };
  const what = `order ${order.invoiceNumber ?? order.id}${order.description ? `: ${order.description}` : ''}`;
  // What an experiment rule on Polar matches.
  const label = { productId: order.productId ?? null, priceId: polarPriceId(order) };
  const entries: ReadEntry[] = [];
  // What Polar charged: the total with tax, less a credit balance the customer had (counted when it was
  // paid), plus a debt carried in (server/polar/models/order.py, due_amount: the payment's amount).
  const charged = Math.max(0, order.totalAmount + order.appliedBalanceAmount);
  if (charged > 0) {
    entries.push({
      externalId,
      ...inUsd(charged),
      originalAmount: minorToDecimal(charged, currency),
      currency,
      date: order.createdAt,
      description: `Polar ${what}`.slice(0, 500),
      ...label,
    });
  }
  // Polar keeps a refund's tax apart from its amount; the customer got both back.
  const refunded = order.refundedAmount + order.refundedTaxAmount;
  if (refunded > 0) {
    entries.push({
      externalId: `${externalId}_refund`,
      ...inUsd(-refunded),
      originalAmount: minorToDecimal(-refunded, currency),
      currency,
      // An order tells no refund date: its last change is the latest refund, unless it changed since.
      date: order.modifiedAt ?? order.createdAt,
      description: `Polar refund of ${what}`.slice(0, 500),
      ...label,
    });
  }
  return { entries, skipped: [] };
}

/**
 * Where a run is: the page of the order list (newest first), and where it may stop (`stopBefore`, Unix
 * ms; null reads to the end: a backfill, or the daily full read).
 */
export interface PolarCursor extends ReadWindow {
  page: number;
  /** The newest `created_at` seen, in Unix ms. */
  newest: number;
}

const isCursor = (value: unknown): value is PolarCursor =>
  typeof value === 'object' && value !== null && 'page' in value && 'stopBefore' in value;

/** One page of orders from `cursor`, newest first; new orders landing during a run only repeat some. */
export async function readPolarPage(polar: Polar, cursor: unknown, now = Date.now()): Promise<SyncPage> {
  const at: PolarCursor = isCursor(cursor) ? cursor : { page: 1, newest: 0, ...firstWindow(now) };
  let result;
  try {
    ({ result } = await polar.orders.list({ page: at.page, limit: PAGE_SIZE, sorting: ['-created_at'] }));
  } catch (error) {
    throw translated(error);
  }
  const entries: ReadEntry[] = [];
  const skipped: SkippedTransaction[] = [];
  let newest = at.newest;
  let oldestHere = Infinity;
  for (const order of result.items) {
    const read = polarEntries(order);
    entries.push(...read.entries);
    skipped.push(...read.skipped);
    newest = Math.max(newest, order.createdAt.getTime());
    oldestHere = Math.min(oldestHere, order.createdAt.getTime());
  }
  // An organization token reads its own organization's orders: any customer names it.
  const accountId = result.items[0]?.customer.organizationId ?? null;
  // The same orders bill the subscriptions: their periods come with the page.
  const periods = polarPeriods(result.items);
  const endOfList =
    result.items.length === 0 ||
    at.page >= result.pagination.maxPage ||
    (at.stopBefore !== null && oldestHere < at.stopBefore);
  if (!endOfList) {
    return {
      entries,
      skipped,
      cursor: { ...at, page: at.page + 1, newest },
      done: false,
      accountId,
      periods,
    };
  }
  // The run is over: the next one reads back to this one's newest order, or everything once a day.
  const next: PolarCursor = { page: 1, newest, ...nextWindow(at, newest, now) };
  return { entries, skipped, cursor: next, done: true, accountId, periods };
}

type PolarEvent = ReturnType<typeof validateEvent>;

/**
 * The order of an event that carries one whose money may have changed (an order created paid, as a
 * subscription's renewal is); null for any other event.
 */
const orderOf = (event: PolarEvent): Order | null =>
  event.type === 'order.created' ||
  event.type === 'order.paid' ||
  event.type === 'order.updated' ||
  event.type === 'order.refunded'
    ? event.data
    : null;

/** What verifyWebhook hands on: the SDK's event, or null for a signed one this SDK cannot read. */
interface PolarPayload {
  event: PolarEvent | null;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

export function polarProvider(base: string | undefined): ProviderClient {
  return {
    provider: 'polar',
    checkKey: (apiKey) => checkPolarKey(polarClient(apiKey, base)),
    readPage: (apiKey, cursor) => readPolarPage(polarClient(apiKey, base), cursor),
    verifyWebhook(rawBody, headers, secret): VerifiedEvent {
      const id = header(headers, 'webhook-id');
      const timestamp = header(headers, 'webhook-timestamp');
      const signature = header(headers, 'webhook-signature');
      if (id === null || timestamp === null || signature === null) {
        throw new WebhookSignatureError(
          'The webhook-id, webhook-timestamp or webhook-signature header is missing.',
        );
      }
      const signed = { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
      try {
        // Polar's own check (Standard Webhooks): the HMAC of the id, time and raw body, within five minutes.
        const event = validateEvent(rawBody, signed, secret);
        // Standard Webhooks keeps a message's webhook-id across redeliveries: it is the event's id.
        return { id, type: event.type, payload: { event } satisfies PolarPayload };
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          throw new WebhookSignatureError('The Polar signature does not match this endpoint.');
        }
        if (error instanceof SyntaxError) throw new WebhookSignatureError('The signed body is not JSON.');
        // Signed, but of a type this SDK does not know (Polar adds some) or in a shape it cannot read:
        // acknowledged, so Polar does not retry it until it disables the endpoint.
        if (error instanceof SDKValidationError) {
          const raw = error.rawValue as { type?: unknown } | null;
          const type = typeof raw?.type === 'string' ? raw.type : 'unknown';
          return { id, type, payload: { event: null } satisfies PolarPayload };
        }
        throw error;
      }
    },
    async readEvent(_apiKey, event) {
      const { event: parsed } = event.payload as PolarPayload;
      if (parsed === null) {
        if (!event.type.startsWith('order.')) return { entries: [], skipped: [] };
        const reason = "The SDK could not read this event's order; the sync reads it from the order list.";
        return { entries: [], skipped: [{ externalId: `event_${event.id}`, reason }] };
      }
      const order = orderOf(parsed);
      // The order is signed, so it is read as sent: a sync of it later yields the same entries, and the
      // same period (a refunded one voids it).
      return order
        ? { ...polarEntries(order), periods: polarPeriods([order]) }
        : { entries: [], skipped: [] };
    },
  };
}

/** Billing reasons of a subscription's order; a purchase is none. */
const SUBSCRIPTION_REASONS = new Set(['subscription_create', 'subscription_cycle', 'subscription_update']);

/**
 * A paid subscription order as a period (docs/decisions/077-provider-connections.md, "Subscription
 * periods"): at its subtotal less its discount (`net_amount`, tax apart), for the interval of its
 * subscription (its product's when the order carries none). An order in the subscription's current
 * period takes that period; an older one runs from its date for one interval. A trial's $0 order is
 * its trial. A plan change's order holds a prorated part: the subscription's amount (its price for one
 * interval) is the period's, from the change on. A refunded order voids its period.
 */
export function polarOrderPeriod(order: Order): ReadPeriod | SkippedTransaction | { voided: string } | null {
  if (!order.subscriptionId || !SUBSCRIPTION_REASONS.has(order.billingReason)) return null;
  const externalId = `order_${order.id}`;
  if (order.status === 'refunded') return { voided: externalId };
  if (!order.paid) return null;
  const subscription = order.subscription;
  const unit = intervalUnit(subscription?.recurringInterval ?? order.product?.recurringInterval);
  const count = subscription?.recurringIntervalCount ?? order.product?.recurringIntervalCount ?? 1;
  if (!unit) return { externalId, reason: 'Neither the subscription nor the product has an interval.' };
  const update = order.billingReason === 'subscription_update';
  const created = order.createdAt;
  const inCurrent =
    subscription !== null &&
    subscription.currentPeriodStart.getTime() <= created.getTime() + DAY_MS &&
    created.getTime() < subscription.currentPeriodEnd.getTime();
  const inTrial =
    order.netAmount === 0 &&
    subscription?.trialStart &&
    subscription.trialEnd &&
    created.getTime() < subscription.trialEnd.getTime();
  let start = created;
  let end = addInterval(created, unit, count);
  if (inTrial && subscription.trialStart && subscription.trialEnd) {
    start = subscription.trialStart;
    end = subscription.trialEnd;
  } else if (inCurrent && subscription) {
    start = update ? created : subscription.currentPeriodStart;
    end = subscription.currentPeriodEnd;
  }
  const minor = update && subscription ? subscription.amount : order.netAmount;
  return {
    externalId,
    subscriptionId: order.subscriptionId,
    customerId: order.customerId,
    productId: order.productId,
    priceId: polarPriceId(order),
    periodStart: start,
    periodEnd: end,
    amount: minorToDecimal(Math.max(0, minor), order.currency),
    currency: order.currency.toUpperCase(),
    intervalUnit: unit,
    intervalCount: count,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A page's orders as periods. A plan change's period that ran from its date for a whole interval ends
 * where the subscription's next period starts, when the page holds it (newest first, it mostly does).
 */
export function polarPeriods(orders: readonly Order[]): PeriodsRead {
  const read = emptyPeriodsRead();
  const updates = new Set<string>();
  for (const order of orders) {
    const period = polarOrderPeriod(order);
    if (order.billingReason === 'subscription_update') updates.add(`order_${order.id}`);
    if (period !== null && 'voided' in period) read.voided.push(period.voided);
    else collectPeriod(read, period);
  }
  for (const period of read.periods) {
    if (!updates.has(period.externalId)) continue;
    for (const other of read.periods) {
      const later = other.subscriptionId === period.subscriptionId && other.periodStart > period.periodStart;
      if (later && other.periodStart < period.periodEnd) period.periodEnd = other.periodStart;
    }
  }
  return read;
}
