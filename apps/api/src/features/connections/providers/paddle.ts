import { ApiError, Environment, Paddle } from '@paddle/paddle-node-sdk';
import { minorToDecimal } from '../money';
import { collectPeriod, emptyPeriodsRead, intervalUnit } from '../periods';
import {
  ConnectionKeyError,
  RetryLaterError,
  type EntryLabel,
  type PeriodsRead,
  type ProviderClient,
  type ReadPeriod,
  type SkippedTransaction,
  type ReadEntry,
  type SyncPage,
  WebhookSignatureError,
} from '../provider-client';
import { firstWindow, nextWindow, OVERLAP_MS, type ReadWindow } from '../read-window';

/**
 * Paddle Billing through its official SDK (docs/decisions/077-provider-connections.md). Revenue is each
 * completed transaction at Paddle's payout total (what the customer paid, in the payout currency at
 * Paddle's rate), and each approved refund or chargeback adjustment as a negative entry at its payout
 * total; a reversed chargeback is positive again. PADDLE_API_BASE, when set, is the SDK's environment
 * URL; unset, a sandbox key (`pdl_sdbx_…`) goes to Paddle's sandbox and any other to production.
 */

/** Objects per request: Paddle's maximum for transactions. */
const PAGE_SIZE = 30;
/** A 429 without a Retry-After waits Paddle's window. */
const RATE_LIMIT_WAIT_MS = 60_000;
/** An id no customer has: a key that may write gets 404 for updating it, a read-only key 403. */
const PROBE_CUSTOMER_ID = 'ctm_01journeywriteprobe00000000';

export function paddleClient(apiKey: string, base: string | undefined): Paddle {
  const environment = apiKey.includes('_sdbx_') ? Environment.sandbox : Environment.production;
  // The SDK takes an environment's name or, in the same option, a base URL of its own.
  return new Paddle(apiKey, { environment: (base ? new URL(base).origin : environment) as Environment });
}

const AUTHENTICATION_CODES = new Set([
  'authentication_missing',
  'authentication_malformed',
  'invalid_token',
  'api_key_expired',
  'api_key_revoked',
]);

/** A Paddle error as the sync's own: a refused key, a rate limit, or anything else as it is. */
function asSyncError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (AUTHENTICATION_CODES.has(error.code)) {
    return new ConnectionKeyError('Paddle refused this key: it is wrong, revoked or expired.', 'rejected');
  }
  if (error.code === 'forbidden') {
    return new ConnectionKeyError(
      'This key cannot read transactions and adjustments: give it the read permissions for both.',
      'cannot-read',
    );
  }
  if (error.code === 'too_many_requests') {
    return new RetryLaterError(error.retryAfter ? error.retryAfter * 1000 : RATE_LIMIT_WAIT_MS);
  }
  return error;
}

async function paddleCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asSyncError(error);
  }
}

/** Accepts a key that reads transactions and may not write (the probe of stripe.ts, Paddle's way). */
export async function checkPaddleKey(client: Paddle): Promise<void> {
  await paddleCall(() => client.transactions.list({ perPage: 1 }).next());
  try {
    await client.customers.update(PROBE_CUSTOMER_ID, { customData: {} });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'forbidden') return;
    if (error instanceof ApiError && (error.code === 'not_found' || error.code === 'entity_not_found')) {
      throw new ConnectionKeyError(
        'This key can write to your Paddle account. Create a key with read permissions only and paste that one.',
        'can-write',
      );
    }
    throw asSyncError(error);
  }
  throw new ConnectionKeyError('Paddle accepted a write with this key; use a read-only key.', 'can-write');
}

/** What the mapping reads of a transaction, as the SDK gives it from a list or a webhook. */
export interface PaddleTransactionLike {
  id: string;
  status: string;
  createdAt: string;
  billedAt: string | null;
  details: {
    totals: { total: string; currencyCode: string } | null;
    payoutTotals: { total: string; currencyCode: string } | null;
    lineItems?: { priceId?: string; product?: { id?: string; name?: string } | null }[];
  } | null;
  items?: { price: { id: string; productId: string } | null }[];
}

export interface PaddleAdjustmentLike {
  id: string;
  action: string;
  /** `full` for the whole transaction, `partial` for some of its items or amount. */
  type?: string;
  status: string;
  transactionId: string;
  createdAt: string;
  totals: { total: string; currencyCode: string } | null;
  payoutTotals: { total: string; currencyCode: string } | null;
}

type Read = ReadEntry | SkippedTransaction | null;

/** A payout total in USD, or, in another payout currency, to be converted at the ECB's rate of its day. */
function payoutAmount(payout: { total: string; currencyCode: string }, sign: bigint) {
  const amount = minorToDecimal(sign * BigInt(payout.total), payout.currencyCode);
  return payout.currencyCode === 'USD' ? { amount } : { settled: { amount, currency: payout.currencyCode } };
}

/** A transaction's first line item's product and price: what an experiment rule on Paddle matches. */
export function paddleLabel(transaction: PaddleTransactionLike | undefined): EntryLabel {
  const line = transaction?.details?.lineItems?.[0];
  const item = transaction?.items?.[0]?.price;
  const priceId = line?.priceId ?? item?.id ?? null;
  const price = transaction?.items?.find((candidate) => candidate.price?.id === priceId)?.price;
  return { productId: line?.product?.id ?? price?.productId ?? null, priceId };
}

/** A completed transaction as an entry; null for one that is not revenue (not completed yet). */
export function paddleTransactionEntry(transaction: PaddleTransactionLike): Read {
  if (transaction.status !== 'completed') return null;
  const payout = transaction.details?.payoutTotals;
  const totals = transaction.details?.totals;
  if (!payout || !totals) return { externalId: transaction.id, reason: 'Paddle gave no payout totals.' };
  if (BigInt(payout.total) === 0n) return null;
  const product = transaction.details?.lineItems?.[0]?.product?.name;
  return {
    externalId: transaction.id,
    ...payoutAmount(payout, 1n),
    originalAmount: minorToDecimal(BigInt(totals.total), totals.currencyCode),
    currency: totals.currencyCode.toUpperCase(),
    date: new Date(transaction.billedAt ?? transaction.createdAt),
    description: `Paddle payment${product ? `: ${product}` : ''} (${transaction.id})`.slice(0, 500),
    ...paddleLabel(transaction),
  };
}

/** Adjustments that move money: out for a refund or a chargeback, back in when a chargeback is reversed. */
const ADJUSTMENT_SIGN: Record<string, -1n | 1n> = { refund: -1n, chargeback: -1n, chargeback_reverse: 1n };

/** Adjustments that are entries: approved, and moving money. */
const movesMoney = (adjustment: PaddleAdjustmentLike) =>
  adjustment.status === 'approved' && ADJUSTMENT_SIGN[adjustment.action] !== undefined;

/**
 * An approved adjustment that moves money as an entry, with the product and price of its transaction
 * (`transaction`, read by id: an adjustment names only its transaction's line items).
 */
export function paddleAdjustmentEntry(
  adjustment: PaddleAdjustmentLike,
  transaction?: PaddleTransactionLike,
): Read {
  const sign = ADJUSTMENT_SIGN[adjustment.action];
  if (!sign || !movesMoney(adjustment)) return null;
  const { payoutTotals: payout, totals } = adjustment;
  if (!payout || !totals) return { externalId: adjustment.id, reason: 'Paddle gave no payout totals.' };
  const words = adjustment.action === 'chargeback_reverse' ? 'reversed chargeback' : adjustment.action;
  return {
    externalId: adjustment.id,
    ...payoutAmount(payout, sign),
    originalAmount: minorToDecimal(sign * BigInt(totals.total), totals.currencyCode),
    currency: totals.currencyCode.toUpperCase(),
    date: new Date(adjustment.createdAt),
    description: `Paddle ${words} of ${adjustment.transactionId} (${adjustment.id})`.slice(0, 500),
    ...paddleLabel(transaction),
  };
}

/**
 * The entries of approved adjustments, with the transactions they adjust read by id (one request for a
 * page: Paddle lists up to 30 ids at once), and what those transactions now bill: a refund in full
 * voids the periods of its transaction, a partial one leaves them (the same periods, stored again).
 */
async function adjustmentsRead(
  client: Paddle,
  adjustments: readonly PaddleAdjustmentLike[],
): Promise<Pick<SyncPage, 'entries' | 'skipped' | 'periods'>> {
  const ids = [...new Set(adjustments.filter(movesMoney).map((adjustment) => adjustment.transactionId))];
  const transactions =
    ids.length === 0
      ? []
      : await paddleCall(() => client.transactions.list({ id: ids, perPage: PAGE_SIZE }).next());
  const byId = new Map(transactions.map((transaction) => [transaction.id, transaction]));
  const read = collect(
    adjustments.map((adjustment) => paddleAdjustmentEntry(adjustment, byId.get(adjustment.transactionId))),
  );
  const refundedInFull = new Set(
    adjustments
      .filter((adjustment) => movesMoney(adjustment) && adjustment.action === 'refund')
      .filter((adjustment) => adjustment.type === 'full')
      .map((adjustment) => adjustment.transactionId),
  );
  return { ...read, periods: transactionsPeriods(transactions, refundedInFull) };
}

function collect(reads: Read[]): Pick<SyncPage, 'entries' | 'skipped'> {
  const entries: ReadEntry[] = [];
  const skipped: SkippedTransaction[] = [];
  for (const read of reads) {
    if (read === null) continue;
    if ('reason' in read) skipped.push(read);
    else entries.push(read);
  }
  return { entries, skipped };
}

/**
 * Where a run is: transactions by id from `after` (an incremental run only those updated since
 * `updatedSince`), then adjustments newest first down to `stopBefore` (null: all of them).
 */
export interface PaddleCursor extends ReadWindow {
  list: 'transactions' | 'adjustments';
  after: string | null;
  updatedSince: string | null;
  /** The newest adjustment's creation seen, Unix ms. */
  newestAdjustment: number;
}

const isCursor = (value: unknown): value is PaddleCursor =>
  typeof value === 'object' && value !== null && 'list' in value && 'after' in value;

/** One page of transactions or adjustments from `cursor`. */
export async function readPaddlePage(client: Paddle, cursor: unknown, now = Date.now()): Promise<SyncPage> {
  const at: PaddleCursor = isCursor(cursor)
    ? cursor
    : { list: 'transactions', after: null, updatedSince: null, newestAdjustment: 0, ...firstWindow(now) };
  if (at.list === 'transactions') {
    const collection = client.transactions.list({
      status: ['completed'],
      orderBy: 'id[ASC]',
      perPage: PAGE_SIZE,
      ...(at.after ? { after: at.after } : {}),
      ...(at.updatedSince ? { 'updatedAt[GTE]': at.updatedSince } : {}),
    });
    const transactions = await paddleCall(() => collection.next());
    const read = collect(transactions.map(paddleTransactionEntry));
    // The same transactions bill the subscriptions: their periods come with the page.
    const periods = transactionsPeriods(transactions);
    const last = transactions.at(-1)?.id ?? null;
    const next: PaddleCursor =
      collection.hasMore && last ? { ...at, after: last } : { ...at, list: 'adjustments', after: null };
    return { ...read, cursor: next, done: false, accountId: null, periods };
  }
  const collection = client.adjustments.list({
    status: ['approved'],
    orderBy: 'id[DESC]',
    perPage: PAGE_SIZE,
    ...(at.after ? { after: at.after } : {}),
  });
  const adjustments = await paddleCall(() => collection.next());
  const read = await adjustmentsRead(client, adjustments);
  const created = adjustments.map((adjustment) => Date.parse(adjustment.createdAt));
  const newestAdjustment = Math.max(at.newestAdjustment, ...created);
  const last = adjustments.at(-1)?.id ?? null;
  const reachedMark = at.stopBefore !== null && created.some((time) => time < (at.stopBefore ?? 0));
  if (collection.hasMore && last && !reachedMark) {
    return { ...read, cursor: { ...at, after: last, newestAdjustment }, done: false, accountId: null };
  }
  // Transactions can be asked for by when they changed: the next run asks for those since this one began.
  const next: PaddleCursor = {
    list: 'transactions',
    after: null,
    updatedSince: new Date(at.startedAt - OVERLAP_MS).toISOString(),
    newestAdjustment,
    ...nextWindow(at, newestAdjustment, now),
  };
  return { ...read, cursor: next, done: true, accountId: null };
}

/** Events whose object is a transaction or an adjustment that may move money. */
const TRANSACTION_EVENTS = new Set(['transaction.completed', 'transaction.updated']);
const ADJUSTMENT_EVENTS = new Set(['adjustment.created', 'adjustment.updated']);

export function paddleProvider(base: string | undefined): ProviderClient {
  return {
    provider: 'paddle',
    checkKey: (apiKey) => checkPaddleKey(paddleClient(apiKey, base)),
    readPage: (apiKey, cursor) => readPaddlePage(paddleClient(apiKey, base), cursor),
    async verifyWebhook(rawBody, headers, secret) {
      const signature = headers['paddle-signature'];
      if (typeof signature !== 'string' || signature === '') {
        throw new WebhookSignatureError('The Paddle-Signature header is missing.');
      }
      try {
        // Paddle's own check: the HMAC of `ts:body` under the destination's secret, within five seconds.
        const event = await paddleClient('webhook', base).webhooks.unmarshal(
          rawBody.toString('utf8'),
          secret,
          signature,
        );
        return { id: event.eventId, type: event.eventType, payload: event };
      } catch {
        throw new WebhookSignatureError('The Paddle signature does not match this endpoint.');
      }
    },
    async readEvent(apiKey, event) {
      // The object is signed, so it is read as sent: the next sync yields the same entries and periods.
      const { data } = event.payload as { data: unknown };
      if (TRANSACTION_EVENTS.has(event.type)) {
        const transaction = data as PaddleTransactionLike & PaddleBilledTransaction;
        const read = collect([paddleTransactionEntry(transaction)]);
        // Completed is when a subscription's period is paid; an update may come from before a refund.
        if (event.type !== 'transaction.completed') return read;
        return { ...read, periods: transactionsPeriods([transaction]) };
      }
      // Its transaction read with the key, as the sync's adjustments pages read it.
      if (ADJUSTMENT_EVENTS.has(event.type)) {
        return adjustmentsRead(paddleClient(apiKey, base), [data as PaddleAdjustmentLike]);
      }
      return { entries: [], skipped: [] };
    },
  };
}

/** What the periods read of a transaction, as the SDK gives it (camelCase). */
export interface PaddleBilledTransaction {
  id: string;
  status: string;
  customerId: string | null;
  subscriptionId: string | null;
  currencyCode: string;
  billingPeriod: { startsAt: string; endsAt: string } | null;
  items: {
    price: {
      id: string;
      productId: string;
      billingCycle: { interval: string; frequency: number } | null;
      unitPrice: { amount: string };
    } | null;
    quantity: number;
  }[];
  details: {
    /** What was billed, and what is left after approved refunds and chargebacks (null before any). */
    totals: { total: string } | null;
    adjustedTotals: { total: string } | null;
    lineItems: {
      id: string;
      priceId: string;
      quantity: number;
      proration: { billingPeriod: { startsAt: string; endsAt: string } | null } | null;
      totals: { subtotal: string; discount: string } | null;
      product: { id: string } | null;
    }[];
  } | null;
}

/** A transaction whose approved refunds and chargebacks took back all it was paid. */
function nothingLeft(transaction: PaddleBilledTransaction): boolean {
  const billed = transaction.details?.totals?.total;
  const left = transaction.details?.adjustedTotals?.total;
  return billed !== undefined && left !== undefined && BigInt(billed) > 0n && BigInt(left) <= 0n;
}

/**
 * Transactions' periods, the sync's and a webhook's alike; `refundedInFull` names transactions an
 * approved refund of type `full` adjusts, whose lines are voided whatever their totals say yet.
 */
export function transactionsPeriods(
  transactions: readonly PaddleBilledTransaction[],
  refundedInFull: ReadonlySet<string> = new Set(),
): PeriodsRead {
  const read = emptyPeriodsRead();
  for (const transaction of transactions) {
    for (const period of paddleTransactionPeriods(transaction, refundedInFull.has(transaction.id))) {
      if ('voided' in period) read.voided.push(period.voided);
      else collectPeriod(read, period);
    }
  }
  return read;
}

/**
 * A completed subscription transaction's line items as periods (docs/decisions/077-provider-connections.md,
 * "Subscription periods"): the transaction's billing period, each line's subtotal less its discount
 * (Paddle's totals keep tax apart, whatever the price's tax mode), the interval of the line's price. A
 * prorated line after a plan change starts a period at its proration period, at the price's whole
 * unit price times the quantity; a one-time price's line is no period. A transaction refunded (or
 * charged back) in full paid for nothing: its lines are voided, and a period stored for them goes.
 */
export function paddleTransactionPeriods(
  transaction: PaddleBilledTransaction,
  refundedInFull = false,
): (ReadPeriod | SkippedTransaction | { voided: string })[] {
  if (transaction.status !== 'completed' || !transaction.subscriptionId) return [];
  const lines = transaction.details?.lineItems ?? [];
  if (refundedInFull || nothingLeft(transaction)) return lines.map((line) => ({ voided: line.id }));
  const subscriptionId = transaction.subscriptionId;
  const reads: (ReadPeriod | SkippedTransaction)[] = [];
  for (const line of lines) {
    const price = transaction.items.find((item) => item.price?.id === line.priceId)?.price ?? null;
    const unit = intervalUnit(price?.billingCycle?.interval);
    if (!price?.billingCycle || !unit) continue;
    const period = line.proration?.billingPeriod ?? transaction.billingPeriod;
    if (!transaction.customerId || !period || !line.totals) {
      reads.push({ externalId: line.id, reason: 'Paddle gave no customer, billing period or totals.' });
      continue;
    }
    const minor = line.proration
      ? BigInt(price.unitPrice.amount) * BigInt(line.quantity)
      : BigInt(line.totals.subtotal) - BigInt(line.totals.discount);
    reads.push({
      externalId: line.id,
      subscriptionId,
      customerId: transaction.customerId,
      productId: line.product?.id ?? price.productId,
      priceId: line.priceId,
      periodStart: new Date(period.startsAt),
      periodEnd: new Date(period.endsAt),
      amount: minorToDecimal(minor < 0n ? 0n : minor, transaction.currencyCode),
      currency: transaction.currencyCode.toUpperCase(),
      intervalUnit: unit,
      intervalCount: price.billingCycle.frequency,
    });
  }
  return reads;
}
