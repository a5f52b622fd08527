import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { startStandInServer, type StandInServer } from './stand-in-server';

/**
 * A local stand-in for the part of Stripe's API the revenue sync reads, answering as Stripe documents
 * (objects from stripe/openapi's published fixtures, fixtures/stripe/fixtures.json): the account,
 * balance transactions listed newest first with `starting_after` pagination and `expand[]=data.source`
 * or read one by one with `expand[]=source` (what a webhook's event names), paid invoices (their
 * `payments` only when `expand[]=data.payments` asks) and prices (what subscription periods are read
 * from: stripe-billing.ts builds them), invoice payments found by payment intent, refunds listed from
 * the refund transactions with `expand[]=data.charge`, and the errors the client must survive (401 for a revoked key, 403 for a restricted key's write,
 * 429 with Retry-After, 5xx). Point the SDK at it with STRIPE_API_BASE.
 */

const FIXTURES = JSON.parse(
  readFileSync(new URL('../../fixtures/stripe/fixtures.json', import.meta.url), 'utf8'),
) as Record<'balance_transaction' | 'account' | 'charge' | 'refund' | 'dispute', Record<string, unknown>>;

/** What a key may do: read only (a restricted key), anything (a secret key), or nothing (revoked). */
export type StripeKeyKind = 'read-only' | 'read-write' | 'revoked';

export interface StripeTransaction {
  id: string;
  /** In the smallest unit of the settlement currency, negative for a refund or a dispute's loss. */
  amount: number;
  currency: string;
  type: 'charge' | 'payment' | 'refund' | 'payment_refund' | 'adjustment' | 'payout' | 'stripe_fee';
  /** Unix seconds. */
  created: number;
  status?: 'available' | 'pending';
  exchange_rate?: number | null;
  /**
   * What the customer paid, when it was a charge or a refund: the source object's amount and currency,
   * the payment intent it belongs to, and a refund's or a dispute's charge.
   */
  source?: {
    id: string;
    amount: number;
    currency: string;
    paymentIntent?: string;
    charge?: string;
  } | null;
  description?: string;
}

export interface StripeStandIn extends StandInServer {
  accountId: string;
  keys: Map<string, StripeKeyKind>;
  /** Newest last as they are added; listed newest first as Stripe lists them. */
  transactions: StripeTransaction[];
  /** Invoices (stripeInvoiceObject), listed newest first by `created`, with `status` and `created[gte]`. */
  invoices: Record<string, unknown>[];
  /** Recurring prices (stripePriceObject), read one by one. */
  prices: Record<string, unknown>[];
  /** Keys that read balance transactions but not invoices nor prices: Stripe's 403, as a key made before they were asked for. */
  withoutBilling: Set<string>;
}

const error = (status: number, type: string, message: string, code?: string) => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

function sourceObject(source: NonNullable<StripeTransaction['source']>, transactionId: string) {
  const kind = source.id.startsWith('re_') ? 'refund' : source.id.startsWith('dp_') ? 'dispute' : 'charge';
  return {
    ...FIXTURES[kind],
    id: source.id,
    amount: source.amount,
    currency: source.currency,
    balance_transaction: transactionId,
    payment_intent: source.paymentIntent ?? null,
    ...(kind === 'charge' ? {} : { charge: source.charge ?? FIXTURES[kind].charge }),
  };
}

const isRefund = (transaction: StripeTransaction) =>
  (transaction.type === 'refund' || transaction.type === 'payment_refund') &&
  (transaction.source?.id.startsWith('re_') ?? false);

function transactionObject(transaction: StripeTransaction, expandSource: boolean) {
  const { source, status, exchange_rate: rate, description, ...fields } = transaction;
  return {
    ...FIXTURES.balance_transaction,
    ...fields,
    net: fields.amount,
    fee: 0,
    available_on: fields.created,
    status: status ?? 'available',
    exchange_rate: rate ?? null,
    description: description ?? null,
    reporting_category: fields.type,
    source: source ? (expandSource ? sourceObject(source, fields.id) : source.id) : null,
  };
}

export async function startStripeStandIn(
  options: {
    accountId?: string;
    keys?: Record<string, StripeKeyKind>;
    /** The billing the stand-in serves, when the test holds it before the stand-in starts. */
    billing?: Pick<StripeStandIn, 'invoices' | 'prices' | 'withoutBilling'>;
  } = {},
): Promise<StripeStandIn> {
  const accountId = options.accountId ?? String(FIXTURES.account.id);
  const keys = new Map(Object.entries(options.keys ?? {}));
  const transactions: StripeTransaction[] = [];
  const { invoices, prices, withoutBilling } = options.billing ?? {
    invoices: [],
    prices: [],
    withoutBilling: new Set<string>(),
  };

  const answer = (request: IncomingMessage, url: URL) => {
    const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const kind = keys.get(key);
    if (!kind || kind === 'revoked') {
      return error(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}****`);
    }
    if (request.method === 'POST') {
      if (kind === 'read-only') {
        return error(
          403,
          'invalid_request_error',
          `The provided key '${key.slice(0, 8)}***' does not have the required permissions for this endpoint on account '${accountId}'.`,
        );
      }
      return error(404, 'invalid_request_error', 'No such object', 'resource_missing');
    }
    if (url.pathname === '/v1/account') return { status: 200, body: { ...FIXTURES.account, id: accountId } };
    if (
      ['/v1/invoices', '/v1/prices', '/v1/invoice_payments'].some((path) => url.pathname.startsWith(path))
    ) {
      return billing(key, url);
    }
    if (url.pathname === '/v1/refunds') return refunds(url);
    if (url.pathname === '/v1/balance_transactions') return list(url);
    const one = /^\/v1\/balance_transactions\/([^/]+)$/.exec(url.pathname);
    if (one) return retrieve(decodeURIComponent(one[1] ?? ''), url);
    return error(404, 'invalid_request_error', `Unrecognized request URL (GET: ${url.pathname}).`);
  };

  const billing = (key: string, url: URL) => {
    if (withoutBilling.has(key)) {
      return error(
        403,
        'invalid_request_error',
        `The provided key '${key.slice(0, 8)}***' does not have the required permissions for this endpoint on account '${accountId}'. Having the 'rak_invoice_read' permission would allow this request to continue.`,
      );
    }
    const path = url.pathname;
    const price = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (price) {
      const found = prices.find((candidate) => candidate.id === decodeURIComponent(price[1] ?? ''));
      return found
        ? { status: 200, body: found }
        : error(404, 'invalid_request_error', 'No such price', 'resource_missing');
    }
    if (path === '/v1/invoice_payments') {
      const paymentIntent = url.searchParams.get('payment[payment_intent]');
      const expandInvoice = wantsSource(url, 'data.invoice');
      const payments = invoices.flatMap((invoice) =>
        paymentsOf(invoice)
          .filter((payment) => paymentIntent === null || payment.payment.payment_intent === paymentIntent)
          .map((payment) => (expandInvoice ? { ...payment, invoice: served(invoice, false) } : payment)),
      );
      return listOf(path, payments, url);
    }
    const lines = /^\/v1\/invoices\/([^/]+)\/lines$/.exec(path);
    if (lines) {
      const invoice = invoices.find((candidate) => candidate.id === decodeURIComponent(lines[1] ?? ''));
      if (!invoice) return error(404, 'invalid_request_error', 'No such invoice', 'resource_missing');
      return listOf(path, (invoice.lines as { data: { id: string }[] }).data, url);
    }
    if (path !== '/v1/invoices') {
      return error(404, 'invalid_request_error', `Unrecognized request URL (GET: ${path}).`);
    }
    const createdFrom = Number(url.searchParams.get('created[gte]') ?? 0);
    const status = url.searchParams.get('status');
    const newestFirst = invoices
      .map((invoice, index) => ({ invoice, index }))
      .filter(
        ({ invoice }) =>
          (status === null || invoice.status === status) && Number(invoice.created) >= createdFrom,
      )
      .sort((a, b) => Number(b.invoice.created) - Number(a.invoice.created) || b.index - a.index)
      .map(({ invoice }) => served(invoice, wantsSource(url, 'data.payments')));
    return listOf('/v1/invoices', newestFirst, url);
  };

  /** An invoice as Stripe sends it: its `payments` are included only when expanded. */
  const served = (invoice: Record<string, unknown>, withPayments: boolean) => {
    const { payments, ...rest } = invoice;
    return withPayments && payments ? invoice : rest;
  };
  const paymentsOf = (invoice: Record<string, unknown>) =>
    (invoice.payments as { data: { id: string; payment: { payment_intent?: string } }[] } | undefined)
      ?.data ?? [];

  /** Refunds newest first, from the refund transactions; a charge expanded says whether all of it went back. */
  const refunds = (url: URL) => {
    const createdFrom = Number(url.searchParams.get('created[gte]') ?? 0);
    const expandCharge = wantsSource(url, 'data.charge');
    const all = sortedNewestFirst()
      .filter((transaction) => isRefund(transaction) && transaction.created >= createdFrom)
      .map((transaction) => {
        const source = transaction.source as NonNullable<StripeTransaction['source']>;
        const charge = source.charge ?? null;
        return {
          ...FIXTURES.refund,
          id: source.id,
          amount: source.amount,
          currency: source.currency,
          created: transaction.created,
          status: 'succeeded',
          balance_transaction: transaction.id,
          payment_intent: source.paymentIntent ?? null,
          charge: expandCharge && charge ? chargeObject(charge) : charge,
        };
      });
    return listOf('/v1/refunds', all, url);
  };

  /** A charge as its transactions tell it: refunded once its refunds add up to its amount. */
  const chargeObject = (id: string) => {
    const paid = transactions.find((transaction) => transaction.source?.id === id && !isRefund(transaction));
    const refunded = transactions
      .filter((transaction) => isRefund(transaction) && transaction.source?.charge === id)
      .reduce((total, transaction) => total + (transaction.source?.amount ?? 0), 0);
    const amount = paid?.source?.amount ?? 0;
    return {
      ...FIXTURES.charge,
      id,
      amount,
      currency: paid?.source?.currency ?? 'usd',
      payment_intent: paid?.source?.paymentIntent ?? null,
      amount_refunded: refunded,
      refunded: amount > 0 && refunded >= amount,
    };
  };

  const listOf = (path: string, all: readonly { id?: unknown }[], url: URL) => {
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 10)));
    const after = url.searchParams.get('starting_after');
    const start = after === null ? 0 : all.findIndex((item) => item.id === after) + 1;
    const data = all.slice(start, start + limit);
    return { status: 200, body: { object: 'list', url: path, has_more: start + limit < all.length, data } };
  };

  const wantsSource = (url: URL, path: string) =>
    [...url.searchParams].some(([name, value]) => name.startsWith('expand[') && value === path);

  const retrieve = (id: string, url: URL) => {
    const transaction = transactions.find((candidate) => candidate.id === id);
    if (!transaction) {
      return error(404, 'invalid_request_error', `No such balance transaction: '${id}'`, 'resource_missing');
    }
    return { status: 200, body: transactionObject(transaction, wantsSource(url, 'source')) };
  };

  // Sorted again only when a test has added transactions: a benchmark's 50,000 are listed 500 times.
  let sorted: { count: number; newestFirst: StripeTransaction[] } = { count: -1, newestFirst: [] };
  const sortedNewestFirst = () => {
    if (sorted.count !== transactions.length) {
      const newestFirst = transactions
        .map((transaction, index) => ({ transaction, index }))
        .sort((a, b) => b.transaction.created - a.transaction.created || b.index - a.index)
        .map(({ transaction }) => transaction);
      sorted = { count: transactions.length, newestFirst };
    }
    return sorted.newestFirst;
  };

  const list = (url: URL) => {
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 10)));
    const after = url.searchParams.get('starting_after');
    const createdFrom = Number(url.searchParams.get('created[gte]') ?? 0);
    // The SDK sends expand[0]=…, a form post expand[]=…: both are Stripe's.
    const expand = wantsSource(url, 'data.source');
    const newestFirst = sortedNewestFirst().filter((transaction) => transaction.created >= createdFrom);
    const start = after === null ? 0 : newestFirst.findIndex((transaction) => transaction.id === after) + 1;
    if (after !== null && start === 0) {
      return error(
        400,
        'invalid_request_error',
        `No such balance transaction: '${after}'`,
        'resource_missing',
      );
    }
    const page = newestFirst.slice(start, start + limit);
    return {
      status: 200,
      body: {
        object: 'list',
        url: '/v1/balance_transactions',
        has_more: start + limit < newestFirst.length,
        data: page.map((transaction) => transactionObject(transaction, expand)),
      },
    };
  };

  const server = await startStandInServer({
    answer,
    failure: (status) => error(status, 'api_error', 'The stand-in was told to fail this request.').body,
    contentType: 'application/json',
  });
  return Object.assign(server, { accountId, keys, transactions, invoices, prices, withoutBilling });
}

/**
 * A `Stripe-Signature` header for `payload` under an endpoint's `secret`, by Stripe's documented scheme
 * (an HMAC-SHA256 of `{timestamp}.{payload}`): for tests that do not depend on Stripe's SDK, which
 * signs the same way with `stripe.webhooks.generateTestHeaderString`.
 */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
