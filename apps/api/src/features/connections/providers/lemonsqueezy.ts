import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  getAuthenticatedUser,
  getSubscription,
  getVariant,
  lemonSqueezySetup,
  listOrders,
  listStores,
  listSubscriptionInvoices,
} from '@lemonsqueezy/lemonsqueezy.js';
import { minorToDecimal } from '../money';
import { addInterval, collectPeriod, emptyPeriodsRead, intervalUnit } from '../periods';
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
import { firstWindow, nextWindow, type ReadWindow } from '../read-window';
import { sdkCall } from '../sdk-origin';

/**
 * Lemon Squeezy through its official SDK (docs/decisions/077-provider-connections.md). Revenue is each
 * paid order and each subscription renewal invoice at Lemon Squeezy's own USD figure (`total_usd`, in
 * cents), and a refund is its own negative entry at `refunded_amount_usd`: a later partial refund
 * corrects that entry through the ledger. A subscription's first invoice is its order, so it is not
 * counted twice. Test-mode objects are not revenue.
 */

/** The SDK's host, written into it; LEMONSQUEEZY_API_BASE replaces it (sdk-origin.ts). */
const LEMONSQUEEZY_ORIGIN = 'https://api.lemonsqueezy.com';
/** Objects per request: the API's maximum. */
const PAGE_SIZE = 100;
/** Lemon Squeezy allows 300 requests a minute; a 429 without a Retry-After waits a minute. */
const RATE_LIMIT_WAIT_MS = 60_000;

type ListName = 'orders' | 'subscription-invoices';

/**
 * Where a run is: which list, which page (newest first), and where it may stop (`stopBefore`, Unix ms;
 * null reads to the end: a backfill, or the daily full read).
 */
export interface LemonSqueezyCursor extends ReadWindow {
  list: ListName;
  page: number;
  /** The newest `created_at` seen, in Unix ms. */
  newest: number;
}

const isCursor = (value: unknown): value is LemonSqueezyCursor =>
  typeof value === 'object' && value !== null && 'list' in value && 'page' in value;

/** What both objects share: the amounts Lemon Squeezy sends for an order and an invoice. */
export interface LemonSqueezyMoney {
  currency: string;
  status: string;
  total: number;
  total_usd: number;
  refunded_amount: number;
  refunded_amount_usd: number;
  refunded_at: string | Date | null;
  created_at: string;
  updated_at: string;
  test_mode: boolean;
  order_number?: number;
  billing_reason?: string;
  /** An invoice's subscription; an order names its product and variant in its first item. */
  subscription_id?: number;
  first_order_item?: {
    product_id?: number;
    variant_id?: number;
    product_name?: string;
    variant_name?: string;
  } | null;
}

export interface LemonSqueezyObject {
  type: string;
  id: string;
  attributes: LemonSqueezyMoney;
}

/** Statuses of a payment that went through (a refunded one was paid first). */
const PAID = new Set(['paid', 'refunded', 'partial_refund']);

const NO_LABEL: EntryLabel = { productId: null, priceId: null };

/** An order's product and variant, from its first item: what an experiment rule on Lemon Squeezy matches. */
function orderLabel(object: LemonSqueezyObject): EntryLabel {
  const item = object.attributes.first_order_item;
  return {
    productId: item?.product_id === undefined ? null : String(item.product_id),
    priceId: item?.variant_id === undefined ? null : String(item.variant_id),
  };
}

/**
 * The entries of one order or invoice: its payment, and its refunds to date as one negative entry. An
 * order names its product and variant; an invoice names none, so `invoiceLabel` is its subscription's
 * plan of today (invoiceLabels).
 */
export function lemonSqueezyEntries(
  object: LemonSqueezyObject,
  invoiceLabel: EntryLabel = NO_LABEL,
): {
  entries: ReadEntry[];
  skipped: SkippedTransaction[];
} {
  const { attributes: money } = object;
  const kind = object.type === 'orders' ? 'order' : 'invoice';
  const externalId = `${kind}_${object.id}`;
  if (!PAID.has(money.status)) return { entries: [], skipped: [] };
  if (money.test_mode) return { entries: [], skipped: [{ externalId, reason: 'A test-mode payment.' }] };
  // A subscription's first payment is also its order, which is counted already.
  if (kind === 'invoice' && money.billing_reason === 'initial') return { entries: [], skipped: [] };
  const currency = money.currency.toUpperCase();
  const label = kind === 'order' ? orderLabel(object) : invoiceLabel;
  const what =
    kind === 'order'
      ? `order #${money.order_number ?? object.id}${money.first_order_item?.product_name ? `: ${money.first_order_item.product_name}` : ''}`
      : `subscription ${money.billing_reason ?? 'payment'} (invoice ${object.id})`;
  const entries: ReadEntry[] = [];
  if (money.total_usd > 0) {
    entries.push({
      externalId,
      amount: minorToDecimal(money.total_usd, 'USD'),
      originalAmount: minorToDecimal(money.total, currency),
      currency,
      date: new Date(money.created_at),
      description: `Lemon Squeezy ${what}`.slice(0, 500),
      ...label,
    });
  }
  if (money.refunded_amount_usd > 0) {
    entries.push({
      externalId: `${externalId}_refund`,
      amount: minorToDecimal(-money.refunded_amount_usd, 'USD'),
      originalAmount: minorToDecimal(-money.refunded_amount, currency),
      currency,
      date: new Date(money.refunded_at ?? money.updated_at),
      description: `Lemon Squeezy refund of ${what}`.slice(0, 500),
      ...label,
    });
  }
  return { entries, skipped: [] };
}

/** A 404: an object deleted since it was named (a subscription an old invoice names). */
class MissingObjectError extends Error {}

interface SdkAnswer<T> {
  statusCode: number | null;
  data: T | null;
  error: Error | null;
}

/**
 * One SDK call under `apiKey`. The SDK keeps its key in module state and reads it as a call starts,
 * so setting it right before the call (no await between) gives each call its own key.
 */
async function call<T>(
  apiKey: string,
  base: string | undefined,
  request: () => Promise<SdkAnswer<T>>,
): Promise<T> {
  const { result: answer, retryAfterMs } = await sdkCall(LEMONSQUEEZY_ORIGIN, base, () => {
    lemonSqueezySetup({ apiKey });
    return request();
  });
  if (answer.error === null && answer.data !== null) return answer.data;
  if (answer.statusCode === 401) {
    throw new ConnectionKeyError(
      'Lemon Squeezy refused this key: it is wrong, revoked or expired.',
      'rejected',
    );
  }
  if (answer.statusCode === 403) {
    throw new ConnectionKeyError('This key may not read orders.', 'cannot-read');
  }
  if (answer.statusCode === 429) throw new RetryLaterError(retryAfterMs ?? RATE_LIMIT_WAIT_MS);
  if (answer.statusCode === 404) throw new MissingObjectError('Lemon Squeezy has no such object.');
  throw new Error(
    `Lemon Squeezy answered ${answer.statusCode ?? 'nothing'}: ${answer.error?.message ?? 'no data'}`,
  );
}

interface ListAnswer {
  meta: { page: { currentPage: number; lastPage: number } };
  data: LemonSqueezyObject[];
}

function readList(apiKey: string, base: string | undefined, list: ListName, page: number) {
  const params = { page: { number: page, size: PAGE_SIZE } };
  return call<ListAnswer>(
    apiKey,
    base,
    () =>
      (list === 'orders' ? listOrders(params) : listSubscriptionInvoices(params)) as Promise<
        SdkAnswer<ListAnswer>
      >,
  );
}

/** One page of orders or invoices from `cursor`; orders first, then invoices, each newest first. */
export async function readLemonSqueezyPage(
  apiKey: string,
  base: string | undefined,
  cursor: unknown,
  now = Date.now(),
): Promise<SyncPage> {
  const at: LemonSqueezyCursor = isCursor(cursor)
    ? cursor
    : { list: 'orders', page: 1, newest: 0, ...firstWindow(now) };
  const answer = await readList(apiKey, base, at.list, at.page);
  const labels = await invoiceLabels(apiKey, base, answer.data);
  const entries: ReadEntry[] = [];
  const skipped: SkippedTransaction[] = [];
  let newest = at.newest;
  let oldestHere = Infinity;
  for (const object of answer.data) {
    const read = lemonSqueezyEntries(object, labels.get(object.attributes.subscription_id ?? 0));
    entries.push(...read.entries);
    skipped.push(...read.skipped);
    const created = Date.parse(object.attributes.created_at);
    newest = Math.max(newest, created);
    oldestHere = Math.min(oldestHere, created);
  }
  const endOfList =
    answer.data.length === 0 ||
    answer.meta.page.currentPage >= answer.meta.page.lastPage ||
    (at.stopBefore !== null && oldestHere < at.stopBefore);
  if (!endOfList)
    return { entries, skipped, cursor: { ...at, page: at.page + 1, newest }, done: false, accountId: null };
  if (at.list === 'orders') {
    return {
      entries,
      skipped,
      cursor: { ...at, list: 'subscription-invoices', page: 1, newest },
      done: false,
      accountId: null,
    };
  }
  // The run is over: the next one starts where this one's newest object was, or reads everything again.
  const next: LemonSqueezyCursor = { list: 'orders', page: 1, newest, ...nextWindow(at, newest, now) };
  return { entries, skipped, cursor: next, done: true, accountId: null };
}

/**
 * The product and variant of each subscription that `objects`' invoices bill, each subscription read
 * once: Lemon Squeezy's invoice names neither, so it takes its subscription's plan of today (as its
 * period does). A subscription deleted since leaves its invoices without them.
 */
async function invoiceLabels(
  apiKey: string,
  base: string | undefined,
  objects: readonly LemonSqueezyObject[],
): Promise<Map<number, EntryLabel>> {
  const labels = new Map<number, EntryLabel>();
  for (const object of objects) {
    const id = object.attributes.subscription_id;
    const counted = lemonSqueezyEntries(object).entries.length > 0;
    if (object.type === 'orders' || id === undefined || labels.has(id) || !counted) continue;
    labels.set(id, planLabel(await subscriptionPlan(apiKey, base, id).catch(missingAsNull)));
  }
  return labels;
}

/** A plan's product, and its variant as the price; none for a subscription deleted since. */
const planLabel = (plan: Pick<LemonSqueezyPlan, 'productId' | 'variantId'> | null): EntryLabel =>
  plan ? { productId: plan.productId, priceId: plan.variantId } : NO_LABEL;

/** A 404 as null (an object deleted since it was named); any other failure as it is. */
function missingAsNull(error: unknown): null {
  if (error instanceof MissingObjectError) return null;
  throw error;
}

/** The ids of the stores the key reads: the connection's account. */
async function storeIds(apiKey: string, base: string | undefined): Promise<string | null> {
  const stores = await call<{ data: { id: string }[] }>(
    apiKey,
    base,
    () => listStores() as Promise<SdkAnswer<{ data: { id: string }[] }>>,
  );
  return stores.data.map((store) => store.id).join(',') || null;
}

/** Events that carry an order or an invoice whose money changed. */
const MONEY_EVENTS = new Set([
  'order_created',
  'order_refunded',
  'subscription_payment_success',
  'subscription_payment_refunded',
]);

interface LemonSqueezyEvent {
  meta?: { event_name?: string };
  data?: LemonSqueezyObject;
}

export function lemonSqueezyProvider(base: string | undefined): ProviderClient {
  return {
    provider: 'lemonsqueezy',
    async checkKey(apiKey) {
      // Lemon Squeezy's keys are not scoped: any key that works may also write, which no check can refuse.
      await call(apiKey, base, () => getAuthenticatedUser() as Promise<SdkAnswer<unknown>>);
      await storeIds(apiKey, base);
    },
    async readPage(apiKey, cursor) {
      const page = await readLemonSqueezyPage(apiKey, base, cursor);
      return isCursor(cursor) ? page : { ...page, accountId: await storeIds(apiKey, base) };
    },
    readSubscriptionPeriods: (apiKey, since) => readLemonSqueezyPeriods(apiKey, base, since),
    verifyWebhook(rawBody, headers, secret) {
      const signature = headers['x-signature'];
      if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) {
        throw new WebhookSignatureError('The X-Signature header is missing.');
      }
      // Lemon Squeezy's documented check: the HMAC-SHA256 of the raw body under the webhook's secret.
      const expected = createHmac('sha256', secret).update(rawBody).digest();
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
        throw new WebhookSignatureError('The Lemon Squeezy signature does not match this endpoint.');
      }
      let payload: LemonSqueezyEvent;
      try {
        payload = JSON.parse(rawBody.toString('utf8')) as LemonSqueezyEvent;
      } catch {
        throw new WebhookSignatureError('The signed body is not JSON.');
      }
      // Lemon Squeezy sends no event id: a redelivery repeats the same bytes, so their hash is the id.
      return {
        id: createHash('sha256').update(rawBody).digest('hex'),
        type: payload.meta?.event_name ?? 'unknown',
        payload,
      };
    },
    async readEvent(apiKey, event) {
      const object = (event.payload as LemonSqueezyEvent).data;
      if (!MONEY_EVENTS.has(event.type) || !object?.attributes) return { entries: [], skipped: [] };
      // The object is signed, so it is read as sent: a sync of it later yields the same entries, and an
      // invoice the same period (a refunded one voids it), with its subscription's plan read once.
      if (object.type !== 'subscription-invoices') return lemonSqueezyEntries(object);
      const invoice = object as unknown as JsonApiObject<LemonSqueezyInvoiceAttributes>;
      const planOf = planReader(apiKey, base);
      const periods = await invoicesPeriods([invoice], planOf);
      const plan = await planOf(invoice.attributes.subscription_id).catch(missingAsNull);
      return { ...lemonSqueezyEntries(object, planLabel(plan)), periods };
    },
  };
}

/** What the periods read of a subscription invoice (Lemon Squeezy's API reference, snake_case). */
export interface LemonSqueezyInvoiceAttributes {
  subscription_id: number;
  customer_id: number;
  billing_reason: string;
  currency: string;
  status: string;
  refunded: boolean;
  subtotal: number;
  discount_total: number;
  tax: number;
  tax_inclusive: boolean;
  created_at: string;
  test_mode: boolean;
}

/** A subscription's plan, as its variant says it: what the periods need of the two objects. */
export interface LemonSqueezyPlan {
  productId: string;
  variantId: string;
  /** The variant's price for one interval, in cents. */
  price: number;
  interval: string | null;
  intervalCount: number | null;
  trial: { interval: string; count: number } | null;
}

/** Statuses whose invoice counts as billed; a partial refund leaves the subscription paid for. */
const BILLED = new Set(['paid', 'partial_refund']);

/**
 * A subscription invoice as a period (docs/decisions/077-provider-connections.md, "Subscription
 * periods"): from the invoice's date for one interval of the subscription's variant, at its subtotal
 * less its discounts (less its tax too when the price included it); a plan change's invoice at the
 * variant's whole price; a $0 first invoice of a variant with a free trial lasts the trial. A refunded
 * invoice voids its period; test-mode ones are none; `plan` is null for a subscription deleted since.
 */
export function lemonSqueezyInvoicePeriod(
  id: string,
  invoice: LemonSqueezyInvoiceAttributes,
  plan: LemonSqueezyPlan | null,
): ReadPeriod | SkippedTransaction | { voided: string } | null {
  const externalId = `invoice_${id}`;
  if (invoice.test_mode) return { externalId, reason: 'A test-mode invoice.' };
  if (invoice.status === 'refunded' || (invoice.refunded && invoice.status !== 'partial_refund')) {
    return { voided: externalId };
  }
  if (!BILLED.has(invoice.status)) return null;
  if (!plan) return { externalId, reason: 'Its subscription no longer exists.' };
  const unit = intervalUnit(plan.interval);
  if (!unit) return { externalId, reason: 'The subscription’s variant has no billing interval.' };
  // A plan change's invoice holds a prorated part of a period: the new plan's whole price is its amount,
  // as for Stripe's and Paddle's prorations.
  const minor =
    invoice.billing_reason === 'updated'
      ? plan.price
      : invoice.subtotal - invoice.discount_total - (invoice.tax_inclusive ? invoice.tax : 0);
  const start = new Date(invoice.created_at);
  const trialUnit = intervalUnit(plan.trial?.interval);
  const inTrial = minor <= 0 && invoice.billing_reason === 'initial' && plan.trial !== null && trialUnit;
  const end =
    inTrial && plan.trial
      ? addInterval(start, trialUnit, plan.trial.count)
      : addInterval(start, unit, plan.intervalCount ?? 1);
  return {
    externalId,
    subscriptionId: String(invoice.subscription_id),
    customerId: String(invoice.customer_id),
    productId: plan.productId,
    priceId: plan.variantId,
    periodStart: start,
    periodEnd: end,
    amount: minorToDecimal(Math.max(0, minor), invoice.currency),
    currency: invoice.currency.toUpperCase(),
    intervalUnit: unit,
    intervalCount: plan.intervalCount ?? 1,
  };
}

interface JsonApiObject<A> {
  id: string;
  attributes: A;
}

/**
 * Subscription invoices newest first down to `since` (all when null), each with its subscription's
 * variant, each subscription and variant read once. Lemon Squeezy gives an invoice no variant: after a
 * plan change, earlier invoices are read with the subscription's current one (the interval rarely
 * changes with it; the product and variant ids then name the current plan).
 */
export async function readLemonSqueezyPeriods(
  apiKey: string,
  base: string | undefined,
  since: Date | null,
): Promise<PeriodsRead> {
  const read = emptyPeriodsRead();
  const planOf = planReader(apiKey, base);
  for (let page = 1; ; page += 1) {
    const answer = await call<{
      meta: { page: { currentPage: number; lastPage: number } };
      data: JsonApiObject<LemonSqueezyInvoiceAttributes>[];
    }>(
      apiKey,
      base,
      () =>
        listSubscriptionInvoices({ page: { number: page, size: PAGE_SIZE } }) as Promise<
          SdkAnswer<{
            meta: { page: { currentPage: number; lastPage: number } };
            data: JsonApiObject<LemonSqueezyInvoiceAttributes>[];
          }>
        >,
    );
    const reachedSince =
      since !== null &&
      answer.data.some((invoice) => Date.parse(invoice.attributes.created_at) < since.getTime());
    const periods = await invoicesPeriods(answer.data, planOf);
    read.periods.push(...periods.periods);
    read.voided.push(...periods.voided);
    read.skipped.push(...periods.skipped);
    if (answer.data.length === 0 || reachedSince || page >= answer.meta.page.lastPage) break;
  }
  return read;
}

type PlanOf = (subscriptionId: number) => Promise<LemonSqueezyPlan>;

/** Each subscription's plan read once per reader. */
function planReader(apiKey: string, base: string | undefined): PlanOf {
  const plans = new Map<number, Promise<LemonSqueezyPlan>>();
  return (subscriptionId) => {
    const known = plans.get(subscriptionId) ?? readPlan(apiKey, base, subscriptionId);
    plans.set(subscriptionId, known);
    return known;
  };
}

/** Subscription invoices as periods, for the sync's pages and a webhook's invoice alike. */
async function invoicesPeriods(
  invoices: readonly JsonApiObject<LemonSqueezyInvoiceAttributes>[],
  planOf: PlanOf,
): Promise<PeriodsRead> {
  const read = emptyPeriodsRead();
  for (const invoice of invoices) {
    if (invoice.attributes.test_mode) continue;
    const plan = await planOf(invoice.attributes.subscription_id).catch(missingAsNull);
    const period = lemonSqueezyInvoicePeriod(invoice.id, invoice.attributes, plan);
    if (period !== null && 'voided' in period) read.voided.push(period.voided);
    else collectPeriod(read, period);
  }
  return read;
}

/** A subscription's product and variant of today (GET /v1/subscriptions/{id}). */
async function subscriptionPlan(
  apiKey: string,
  base: string | undefined,
  subscriptionId: number,
): Promise<Pick<LemonSqueezyPlan, 'productId' | 'variantId'>> {
  type SubscriptionAnswer = { data: JsonApiObject<{ product_id: number; variant_id: number }> };
  const subscription = await call<SubscriptionAnswer>(
    apiKey,
    base,
    () => getSubscription(subscriptionId) as Promise<SdkAnswer<SubscriptionAnswer>>,
  );
  const { product_id: productId, variant_id: variantId } = subscription.data.attributes;
  return { productId: String(productId), variantId: String(variantId) };
}

async function readPlan(
  apiKey: string,
  base: string | undefined,
  subscriptionId: number,
): Promise<LemonSqueezyPlan> {
  type VariantAnswer = {
    data: JsonApiObject<{
      price: number;
      interval: string | null;
      interval_count: number | null;
      has_free_trial: boolean;
      trial_interval: string;
      trial_interval_count: number;
    }>;
  };
  const { productId, variantId } = await subscriptionPlan(apiKey, base, subscriptionId);
  const variant = await call<VariantAnswer>(
    apiKey,
    base,
    () => getVariant(Number(variantId)) as Promise<SdkAnswer<VariantAnswer>>,
  );
  const plan = variant.data.attributes;
  return {
    productId,
    variantId,
    price: plan.price,
    interval: plan.interval,
    intervalCount: plan.interval_count,
    trial: plan.has_free_trial ? { interval: plan.trial_interval, count: plan.trial_interval_count } : null,
  };
}
