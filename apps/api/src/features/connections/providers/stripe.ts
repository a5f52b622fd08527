import Stripe from 'stripe';
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

/**
 * Stripe through its official SDK (docs/decisions/077-provider-connections.md). STRIPE_API_BASE, when
 * set, is the origin the SDK talks to instead of api.stripe.com (a proxy, or the tests' stand-in); the
 * SDK adds its own paths (/v1/…) and retries 5xx answers with backoff; a 429 ends the run until its
 * Retry-After (RetryLaterError), since the SDK does not wait for it.
 */

/** What the sync reads, and so the permissions of the restricted key the admin is asked to create. */
export const STRIPE_READ_PERMISSIONS = [
  'rak_balance_read',
  'rak_charge_read',
  'rak_refund_read',
  'rak_dispute_read',
  // Subscription periods: paid invoices and their lines, and the prices' intervals. Stripe's dashboard
  // calls the second Prices; its permission keeps the API's older name, plans.
  'rak_invoice_read',
  'rak_plan_read',
] as const;

/** Stripe's dashboard form for a restricted key, filled in with exactly those read permissions. */
export const STRIPE_RESTRICTED_KEY_URL = `https://dashboard.stripe.com/apikeys/create?name=Journey+revenue+sync&${STRIPE_READ_PERMISSIONS.map((permission) => `permissions%5B%5D=${permission}`).join('&')}`;

/** Unlikely ids for the harmless writes: a key that may write gets a 404 for them, a read-only key a 403. */
const PROBE_IDS = { charge: 'ch_journey_write_probe', customer: 'cus_journey_write_probe' } as const;

export function stripeClient(apiKey: string, base: string | undefined): Stripe {
  const origin = base ? new URL(base) : undefined;
  return new Stripe(apiKey, {
    maxNetworkRetries: 3,
    timeout: 30_000,
    telemetry: false,
    ...(origin
      ? {
          protocol: origin.protocol === 'http:' ? 'http' : 'https',
          host: origin.hostname,
          port: Number(origin.port || (origin.protocol === 'http:' ? 80 : 443)),
        }
      : {}),
  });
}

const isPermissionError = (error: unknown) => error instanceof Stripe.errors.StripePermissionError;
const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

/**
 * Accepts a key that reads balance transactions and may not write: a harmless write to an object that
 * does not exist is refused with 403 for a restricted read-only key, and answered 404 for a key that
 * may write (a prefix such as rk_ says nothing of the permissions it was given).
 */
export async function checkStripeKey(client: Stripe): Promise<void> {
  try {
    await client.balanceTransactions.list({ limit: 1 });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError) {
      throw new ConnectionKeyError('Stripe refused this key: it is wrong, revoked or expired.', 'rejected');
    }
    if (isPermissionError(error)) {
      throw new ConnectionKeyError(
        'This key cannot read balance transactions: create it with the link below, which asks for the read permissions the sync needs.',
        'cannot-read',
      );
    }
    throw error;
  }
  const probes = [
    () => client.charges.update(PROBE_IDS.charge, { metadata: {} }),
    () => client.customers.update(PROBE_IDS.customer, { metadata: {} }),
  ];
  for (const probe of probes) {
    try {
      await probe();
    } catch (error) {
      if (isPermissionError(error)) continue;
      if (isMissing(error)) {
        throw new ConnectionKeyError(
          'This key can write to your Stripe account. Create a restricted key with read access only (the link below fills in the permissions) and paste that one.',
          'can-write',
        );
      }
      throw error;
    }
    throw new ConnectionKeyError(
      'Stripe accepted a write with this key; use a read-only restricted key.',
      'can-write',
    );
  }
}

/** Balance transactions that are revenue: payments in, refunds and dispute losses out. Not payouts nor fees. */
export const STRIPE_REVENUE_TYPES = new Set(['charge', 'payment', 'refund', 'payment_refund', 'adjustment']);

/** Transactions per request: Stripe's maximum. */
const PAGE_SIZE = 100;
/** An incremental run reads again the last hour before its mark: late-listed transactions are not missed. */
const OVERLAP_SECONDS = 60 * 60;

/**
 * Where a run is: a backfill walks the whole history newest first, page by page; once at its end, runs
 * read what was created since the newest transaction seen (`since`, Unix seconds).
 */
export type StripeCursor =
  | { mode: 'backfill'; startingAfter: string | null; newest: number | null }
  | { mode: 'since'; since: number; startingAfter: string | null; newest: number };

const isCursor = (value: unknown): value is StripeCursor =>
  typeof value === 'object' && value !== null && 'mode' in value;

type IdOrObject = string | { id: string } | null | undefined;
const idOf = (value: IdOrObject) => (typeof value === 'string' ? value : (value?.id ?? null));

/** What an entry reads of a transaction's source: a charge, a refund or a dispute. */
type Source = { id: string; amount?: number; currency?: string; payment_intent?: IdOrObject } | string | null;

const KIND_WORDS: Record<string, string> = {
  charge: 'payment',
  payment: 'payment',
  refund: 'refund',
  payment_refund: 'refund',
  adjustment: 'adjustment',
};

/** Types whose source (a charge, a payment, a refund) has this one balance transaction. */
const ONE_TRANSACTION_SOURCES = new Set(['charge', 'payment', 'refund', 'payment_refund']);

/**
 * One balance transaction as an entry: Stripe's own settlement amount, and what the customer paid. A
 * payment or a refund is known by its source's id, so a webhook, a sync and a CSV import of it meet on
 * one id; an adjustment by its own, since one dispute may withdraw funds and reinstate them. `label` is
 * the product and price of the invoice its payment paid (stripeEntries), when it paid one.
 */
export function stripeEntry(
  transaction: Stripe.BalanceTransaction,
  label: EntryLabel = NO_LABEL,
): ReadEntry | SkippedTransaction {
  const source = transaction.source as Source;
  const sourceId = typeof source === 'string' ? source : (source?.id ?? null);
  const externalId = ONE_TRANSACTION_SOURCES.has(transaction.type) && sourceId ? sourceId : transaction.id;
  if (transaction.amount === 0) return { externalId, reason: 'An amount of zero is no revenue.' };
  const paid =
    typeof source === 'object' && source?.amount !== undefined && source.currency !== undefined
      ? { amount: Math.sign(transaction.amount) * Math.abs(source.amount), currency: source.currency }
      : { amount: transaction.amount, currency: transaction.currency };
  const words = KIND_WORDS[transaction.type] ?? transaction.type;
  const description = (transaction.description ?? '').trim();
  const settlement = transaction.currency.toUpperCase();
  const amount = minorToDecimal(transaction.amount, transaction.currency);
  return {
    externalId,
    // An account that settles in another currency: converted at the ECB's rate of the day (settle-in-usd.ts).
    ...(settlement === 'USD' ? { amount } : { settled: { amount, currency: settlement } }),
    originalAmount: minorToDecimal(paid.amount, paid.currency),
    currency: paid.currency.toUpperCase(),
    date: new Date(transaction.created * 1000),
    description: `Stripe ${words}${description ? `: ${description}` : ''} (${externalId})`.slice(0, 500),
    ...label,
  };
}

const NO_LABEL: EntryLabel = { productId: null, priceId: null };

/** The payment intent of a transaction's source (a charge, its refund, its dispute), or null. */
const paymentIntentOf = (transaction: Stripe.BalanceTransaction) => {
  const source = transaction.source as Source;
  return typeof source === 'object' && source !== null ? idOf(source.payment_intent) : null;
};

type InvoiceFinder = (paymentIntent: string) => Promise<Stripe.Invoice | null>;

/**
 * The invoice a payment intent paid, each read once per finder (GET /v1/invoice_payments by payment
 * intent, the invoice expanded): since API version 2025-03-31 neither a charge nor a payment intent
 * names its invoice. Null for a payment that paid none (a Checkout payment, a one-off charge).
 */
function invoiceFinder(client: Stripe): InvoiceFinder {
  const found = new Map<string, Promise<Stripe.Invoice | null>>();
  return (paymentIntent) => {
    const known =
      found.get(paymentIntent) ??
      client.invoicePayments
        .list({
          payment: { type: 'payment_intent', payment_intent: paymentIntent },
          expand: ['data.invoice'],
          limit: 10,
        })
        .then((list) => {
          const invoices = list.data.map((payment) => payment.invoice);
          return (
            invoices.find(
              (invoice): invoice is Stripe.Invoice => typeof invoice === 'object' && !invoice.deleted,
            ) ?? null
          );
        });
    found.set(paymentIntent, known);
    return known;
  };
}

/** An invoice's first line's product and price: what an experiment rule on Stripe matches. */
function firstLineLabel(invoice: Stripe.Invoice | null): EntryLabel {
  const details = invoice?.lines.data[0]?.pricing?.price_details ?? null;
  if (!details) return NO_LABEL;
  return { productId: details.product, priceId: idOf(details.price) };
}

/**
 * Transactions as entries, each labelled with its invoice's product and price. A key that may not read
 * invoices still reads the revenue: its entries are stored without them, and get them when a later
 * read may (storeSyncedRevenue).
 */
async function stripeEntries(
  transactions: readonly Stripe.BalanceTransaction[],
  invoiceOf: InvoiceFinder,
): Promise<Pick<SyncPage, 'entries' | 'skipped'>> {
  const revenue = transactions.filter((transaction) => STRIPE_REVENUE_TYPES.has(transaction.type));
  const labels = new Map<string, EntryLabel>();
  for (const paymentIntent of new Set(revenue.map(paymentIntentOf))) {
    if (paymentIntent === null) continue;
    try {
      labels.set(paymentIntent, firstLineLabel(await invoiceOf(paymentIntent)));
    } catch (error) {
      if (isPermissionError(error)) break;
      throw error;
    }
  }
  const entries: ReadEntry[] = [];
  const skipped: SkippedTransaction[] = [];
  for (const transaction of revenue) {
    const read = stripeEntry(transaction, labels.get(paymentIntentOf(transaction) ?? '') ?? NO_LABEL);
    if ('reason' in read) skipped.push(read);
    else entries.push(read);
  }
  return { entries, skipped };
}

function retryAfterMs(error: InstanceType<typeof Stripe.errors.StripeRateLimitError>): number {
  const header = (error.headers as Record<string, string | undefined> | undefined)?.['retry-after'];
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
}

/** A rate limit or a refused key as the sync's own errors; anything else as it is. */
function syncError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeRateLimitError) return new RetryLaterError(retryAfterMs(error));
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return new ConnectionKeyError('Stripe refused the key: it was revoked or expired.', 'rejected');
  }
  return error;
}

/** One page of balance transactions from `cursor`, with their sources (the charge, refund or dispute). */
export async function readStripePage(client: Stripe, cursor: unknown): Promise<SyncPage> {
  const at: StripeCursor = isCursor(cursor)
    ? cursor
    : { mode: 'backfill', startingAfter: null, newest: null };
  let page: Stripe.ApiList<Stripe.BalanceTransaction>;
  let read: Pick<SyncPage, 'entries' | 'skipped'>;
  try {
    page = await client.balanceTransactions.list({
      limit: PAGE_SIZE,
      expand: ['data.source'],
      ...(at.startingAfter ? { starting_after: at.startingAfter } : {}),
      ...(at.mode === 'since' ? { created: { gte: Math.max(0, at.since - OVERLAP_SECONDS) } } : {}),
    });
    read = await stripeEntries(page.data, invoiceFinder(client));
  } catch (error) {
    if (error instanceof Stripe.errors.StripePermissionError) {
      throw new ConnectionKeyError('The key may no longer read balance transactions.', 'cannot-read');
    }
    throw syncError(error);
  }
  const { entries, skipped } = read;
  const newestHere = page.data[0]?.created ?? null;
  const newest = Math.max(at.newest ?? 0, newestHere ?? 0) || null;
  const last = page.data.at(-1)?.id ?? null;
  const done = !page.has_more || last === null;
  const since = newest ?? (at.mode === 'since' ? at.since : 0);
  const next: StripeCursor = done
    ? { mode: 'since', since, startingAfter: null, newest: since }
    : at.mode === 'since'
      ? { ...at, startingAfter: last, newest: newest ?? at.newest }
      : { mode: 'backfill', startingAfter: last, newest };
  return { entries, skipped, cursor: next, done, accountId: null };
}

/** Events of a paid invoice, whose subscription lines are periods (both come for one payment). */
const PAID_INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded']);

/** Events about money: a payment, its refunds, a dispute's withdrawal or reinstatement of funds. */
const MONEY_EVENTS = new Set([
  'charge.succeeded',
  'charge.refunded',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

type BalanceTransactionRef = string | Stripe.BalanceTransaction | null;

/**
 * The balance transactions an event names, read as the sync reads them (with their source), so an
 * entry from a webhook equals the one the next sync would make.
 */
async function eventTransactions(client: Stripe, event: Stripe.Event): Promise<Stripe.BalanceTransaction[]> {
  const object = event.data.object as {
    balance_transaction?: BalanceTransactionRef;
    balance_transactions?: Stripe.BalanceTransaction[];
    refunds?: { data: { balance_transaction?: BalanceTransactionRef }[] };
  };
  const refs: BalanceTransactionRef[] =
    event.type === 'charge.succeeded'
      ? [object.balance_transaction ?? null]
      : event.type === 'charge.refunded'
        ? (object.refunds?.data ?? []).map((refund) => refund.balance_transaction ?? null)
        : event.type === 'charge.dispute.funds_reinstated'
          ? (object.balance_transactions ?? []).slice(-1)
          : (object.balance_transactions ?? []).slice(0, 1);
  const ids = refs
    .map((ref) => (typeof ref === 'string' ? ref : (ref?.id ?? null)))
    .filter((id) => id !== null);
  return Promise.all(ids.map((id) => client.balanceTransactions.retrieve(id, { expand: ['source'] })));
}

export function stripeProvider(base: string | undefined): ProviderClient {
  return {
    provider: 'stripe',
    checkKey: (apiKey) => checkStripeKey(stripeClient(apiKey, base)),
    readPage: (apiKey, cursor) => readStripePage(stripeClient(apiKey, base), cursor),
    readSubscriptionPeriods: (apiKey, since) => readStripePeriods(stripeClient(apiKey, base), since),
    verifyWebhook(rawBody, headers, secret) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') {
        throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      }
      try {
        // Stripe's own check: the HMAC of the raw body under the endpoint's secret, within five minutes.
        const event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
        return { id: event.id, type: event.type, payload: event };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError('The Stripe signature does not match this endpoint.');
        }
        throw error;
      }
    },
    async readEvent(apiKey, event) {
      const client = stripeClient(apiKey, base);
      const payload = event.payload as Stripe.Event;
      const invoiceOf = invoiceFinder(client);
      const read = MONEY_EVENTS.has(event.type)
        ? await stripeEntries(await eventTransactions(client, payload), invoiceOf)
        : { entries: [], skipped: [] };
      return { ...read, periods: await eventPeriods(client, payload, invoiceOf) };
    },
  };
}

/**
 * The periods an event bills or voids, read as the sync reads them: a paid invoice's subscription
 * lines; a charge refunded in full voids the lines of the invoice it paid (a partial refund leaves
 * them). Undefined for any other event.
 */
async function eventPeriods(
  client: Stripe,
  event: Stripe.Event,
  invoiceOf: InvoiceFinder,
): Promise<PeriodsRead | undefined> {
  const refundedCharge =
    event.type === 'charge.refunded' && event.data.object.refunded ? event.data.object : null;
  if (!PAID_INVOICE_EVENTS.has(event.type) && !refundedCharge) return undefined;
  const read = emptyPeriodsRead();
  try {
    if (refundedCharge) {
      const paymentIntent = idOf(refundedCharge.payment_intent);
      const invoice = paymentIntent ? await invoiceOf(paymentIntent) : null;
      if (invoice) read.voided.push(...(await invoiceLines(client, invoice)).map((line) => line.id));
    } else {
      // The signed invoice as sent, as the sync lists it (paid ones only); its prices read with the key.
      const invoice = event.data.object as Stripe.Invoice;
      if (invoice.status === 'paid') await collectInvoicePeriods(client, invoice, priceReader(client), read);
    }
  } catch (error) {
    if (isPermissionError(error)) return { ...emptyPeriodsRead(), unreadable: CANNOT_READ_BILLING };
    throw syncError(error);
  }
  return read;
}

/** Invoices per request: Stripe's maximum. */
const INVOICE_PAGE_SIZE = 100;

type PriceOf = (id: string) => Promise<Stripe.Price>;

/** Stripe's amounts in a line, as decimals; `minorToDecimal` keeps them exact. */
const sum = (amounts: readonly { amount: number }[] | null | undefined) =>
  (amounts ?? []).reduce((total, item) => total + item.amount, 0);

/**
 * One line of a paid invoice as a subscription period (docs/decisions/077-provider-connections.md,
 * "Subscription periods"): a subscription line's period and amount after its discounts, without tax
 * (a tax-inclusive price's tax taken out); a proration for the new price after a plan change starts a
 * period at its own start, at the new price's whole-interval amount, since the prorated figure is a
 * part of a period and not its price; a credit for unused time starts none.
 */
export async function stripeLinePeriod(
  invoice: Stripe.Invoice,
  line: Stripe.InvoiceLineItem,
  priceOf: PriceOf,
): Promise<ReadPeriod | SkippedTransaction | null> {
  // A subscription's own line, or a proration the subscription added as an invoice item (with
  // `proration_behavior: create_prorations` it waits for the next invoice as one).
  const fromItem = line.parent?.invoice_item_details ?? null;
  const item =
    line.parent?.subscription_item_details ??
    (fromItem?.proration && fromItem.subscription ? fromItem : null);
  const details = line.pricing?.price_details ?? null;
  const fromInvoice = invoice.parent?.subscription_details?.subscription ?? null;
  const subscription = item?.subscription ?? fromInvoice;
  if (!item || !subscription || !details) return null;
  const subscriptionId = typeof subscription === 'string' ? subscription : subscription.id;
  const customerId = typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? null);
  if (!customerId) return { externalId: line.id, reason: 'The invoice names no customer.' };
  if (item.proration && line.amount < 0) {
    return { externalId: line.id, reason: 'A credit for unused time starts no period.' };
  }
  const price = typeof details.price === 'string' ? await priceOf(details.price) : details.price;
  const recurring = price.recurring;
  const unit = intervalUnit(recurring?.interval);
  if (!recurring || !unit) {
    return { externalId: line.id, reason: 'The price is not recurring.' };
  }
  let minor: number;
  if (item.proration) {
    if (price.unit_amount === null) {
      return { externalId: line.id, reason: 'A proration of a price without a unit amount.' };
    }
    minor = price.unit_amount * (line.quantity ?? 1);
  } else {
    const inclusiveTax = sum((line.taxes ?? []).filter((tax) => tax.tax_behavior === 'inclusive'));
    minor = line.amount - sum(line.discount_amounts) - inclusiveTax;
  }
  return {
    externalId: line.id,
    subscriptionId,
    customerId,
    productId: details.product,
    priceId: price.id,
    periodStart: new Date(line.period.start * 1000),
    periodEnd: new Date(line.period.end * 1000),
    amount: minorToDecimal(Math.max(0, minor), line.currency),
    currency: line.currency.toUpperCase(),
    intervalUnit: unit,
    intervalCount: recurring.interval_count,
  };
}

const CANNOT_READ_BILLING =
  'Revenue synced, but this key cannot read invoices and prices, so recurring revenue is not computed: create a key with the link below, which asks for those read permissions too.';

/** Each price read once per reader. */
function priceReader(client: Stripe): PriceOf {
  const prices = new Map<string, Promise<Stripe.Price>>();
  return (id) => {
    const known = prices.get(id) ?? client.prices.retrieve(id);
    prices.set(id, known);
    return known;
  };
}

/** An invoice's lines: those embedded, or all of them when it has more. */
const invoiceLines = async (client: Stripe, invoice: Stripe.Invoice) =>
  invoice.lines.has_more
    ? client.invoices.listLineItems(invoice.id, { limit: 100 }).autoPagingToArray({ limit: 10_000 })
    : invoice.lines.data;

/** A paid invoice's subscription lines as periods, into `read`: for the sync and a webhook alike. */
async function collectInvoicePeriods(
  client: Stripe,
  invoice: Stripe.Invoice,
  priceOf: PriceOf,
  read: PeriodsRead,
): Promise<void> {
  for (const line of await invoiceLines(client, invoice)) {
    collectPeriod(read, await stripeLinePeriod(invoice, line, priceOf));
  }
}

/**
 * The payments refunded in full whose refunds were created from `since` (all when null): their payment
 * intents, or the charge for one made without. A charge is `refunded` only once all of it went back.
 */
async function refundedPayments(
  client: Stripe,
  since: Date | null,
): Promise<{ keys: Set<string>; paymentIntents: Set<string> }> {
  const keys = new Set<string>();
  const paymentIntents = new Set<string>();
  const refunds = client.refunds.list({
    limit: 100,
    expand: ['data.charge'],
    ...(since ? { created: { gte: Math.floor(since.getTime() / 1000) } } : {}),
  });
  for await (const refund of refunds) {
    const charge = refund.charge;
    if (typeof charge !== 'object' || charge === null || !charge.refunded) continue;
    const paymentIntent = idOf(charge.payment_intent);
    if (paymentIntent) paymentIntents.add(paymentIntent);
    keys.add(paymentIntent ?? charge.id);
  }
  return { keys, paymentIntents };
}

/** The payments that paid an invoice (its expanded `payments`), by payment intent or charge. */
const paidBy = (invoice: Stripe.Invoice) =>
  (invoice.payments?.data ?? [])
    .filter((payment) => payment.status === 'paid')
    .map((payment) => idOf(payment.payment.payment_intent) ?? idOf(payment.payment.charge))
    .filter((key) => key !== null);

/**
 * Every paid invoice created from `since` (all of them when null), newest first, and its subscription
 * lines as periods; an invoice whose payments were all refunded in full is no period, and voids its
 * lines. A refund of an older invoice than `since` voids that invoice's lines too, found by its payment
 * intent. A key without the invoice or price read permissions reads nothing here and says so; the
 * revenue it read stands.
 */
export async function readStripePeriods(client: Stripe, since: Date | null): Promise<PeriodsRead> {
  const read = emptyPeriodsRead();
  const priceOf = priceReader(client);
  try {
    const refunded = await refundedPayments(client, since);
    const voidedBy = new Set<string>();
    let startingAfter: string | null = null;
    for (;;) {
      const page: Stripe.ApiList<Stripe.Invoice> = await client.invoices.list({
        status: 'paid',
        limit: INVOICE_PAGE_SIZE,
        expand: ['data.payments'],
        ...(since ? { created: { gte: Math.floor(since.getTime() / 1000) } } : {}),
        ...(startingAfter ? { starting_after: startingAfter } : {}),
      });
      for (const invoice of page.data) {
        const payments = paidBy(invoice);
        if (payments.length > 0 && payments.every((key) => refunded.keys.has(key))) {
          for (const key of payments) voidedBy.add(key);
          read.voided.push(...(await invoiceLines(client, invoice)).map((line) => line.id));
        } else await collectInvoicePeriods(client, invoice, priceOf, read);
      }
      startingAfter = page.data.at(-1)?.id ?? null;
      if (!page.has_more || startingAfter === null) break;
    }
    // A full read listed every paid invoice; an incremental one finds the older ones refunded since.
    const invoiceOf = invoiceFinder(client);
    for (const paymentIntent of since ? refunded.paymentIntents : []) {
      if (voidedBy.has(paymentIntent)) continue;
      const invoice = await invoiceOf(paymentIntent);
      if (invoice) read.voided.push(...(await invoiceLines(client, invoice)).map((line) => line.id));
    }
  } catch (error) {
    if (isPermissionError(error)) return { ...emptyPeriodsRead(), unreadable: CANNOT_READ_BILLING };
    throw syncError(error);
  }
  return read;
}
