import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { schema } from '@journey/db';
import {
  lemonSqueezySignature,
  paddleSignature,
  paddleTransactionObject,
  startPaddleStandIn,
  type PaddleKeyKind,
  type PaddleStandIn,
} from '@journey/testing';
import {
  lemonSqueezyObject,
  polarOrder,
  startLemonSqueezyStandIn,
  startPolarStandIn,
  startStripeStandIn,
  type LemonSqueezyKeyKind,
  type LemonSqueezyStandIn,
  type PolarKeyKind,
  type PolarStandIn,
  type StandInAnswer,
  type StandInServer,
  type StripeKeyKind,
  type StripeStandIn,
} from '@journey/testing';
import { asc } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { useAdminServer, type AdminServer, type TestServerOptions } from '../helpers';

/**
 * For a test file: a provider's stand-in, and a server with the admin signed in whose `baseVariable`
 * (STRIPE_API_BASE, …) names it; the stand-in starts first, so the server's configuration can read
 * its port.
 */
export function useStandIn<S extends StandInServer>(
  start: () => Promise<S>,
  baseVariable: string,
  options: TestServerOptions = {},
): { readonly standIn: S; admin: AdminServer } {
  let standIn: S | undefined;
  beforeAll(async () => {
    standIn = await start();
  });
  afterAll(() => standIn?.stop());
  const current = () => {
    if (!standIn) throw new Error('the stand-in starts in beforeAll');
    return standIn;
  };
  const env = { ...options.env };
  // Read when the server starts, after the stand-in has.
  Object.defineProperty(env, baseVariable, { enumerable: true, get: () => current().base });
  const admin = useAdminServer({ ...options, env });
  return {
    get standIn() {
      return current();
    },
    admin,
  };
}

export function useStripeStandIn(
  keys: Record<string, StripeKeyKind>,
  options: TestServerOptions = {},
): { readonly stripe: StripeStandIn; admin: AdminServer } {
  const started = useStandIn(() => startStripeStandIn({ keys }), 'STRIPE_API_BASE', options);
  return {
    get stripe() {
      return started.standIn;
    },
    admin: started.admin,
  };
}

export function useLemonSqueezyStandIn(
  keys: Record<string, LemonSqueezyKeyKind>,
  options: TestServerOptions = {},
): { readonly lemonSqueezy: LemonSqueezyStandIn; admin: AdminServer } {
  const started = useStandIn(() => startLemonSqueezyStandIn({ keys }), 'LEMONSQUEEZY_API_BASE', options);
  return {
    get lemonSqueezy() {
      return started.standIn;
    },
    admin: started.admin,
  };
}

export function usePaddleStandIn(
  keys: Record<string, PaddleKeyKind>,
  options: TestServerOptions = {},
): { readonly paddle: PaddleStandIn; admin: AdminServer } {
  const started = useStandIn(() => startPaddleStandIn({ keys }), 'PADDLE_API_BASE', options);
  return {
    get paddle() {
      return started.standIn;
    },
    admin: started.admin,
  };
}

export function usePolarStandIn(
  keys: Record<string, PolarKeyKind>,
  options: TestServerOptions = {},
): { readonly polar: PolarStandIn; admin: AdminServer } {
  const started = useStandIn(() => startPolarStandIn({ keys }), 'POLAR_API_BASE', options);
  return {
    get polar() {
      return started.standIn;
    },
    admin: started.admin,
  };
}

/**
 * The billing routes the revenue stand-ins of packages/testing do not serve (invoices, subscriptions,
 * prices: what subscription periods are read from), answered in front of a stand-in: a request this
 * `answer` takes is answered here, as the provider documents it, and recorded in the stand-in's
 * `requests`; any other goes on to the stand-in unchanged, with its failures and delays.
 */
export async function withBillingRoutes<S extends StandInServer>(
  inner: S,
  answer: (request: IncomingMessage, url: URL) => StandInAnswer | null,
): Promise<S> {
  const target = inner.base;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const own = answer(request, url);
      if (own) {
        inner.requests.push(`${request.method} ${url.pathname}${url.search}`);
        setTimeout(() => {
          response.writeHead(own.status, { 'content-type': 'application/json', 'request-id': 'req_billing' });
          response.end(JSON.stringify(own.body));
        }, inner.delayMs);
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => !['host', 'connection', 'content-length'].includes(name))
          .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
      );
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(`${target}${request.url ?? '/'}`, { method: request.method, headers, body })
        .then(async (forwarded) => {
          const kept = [...forwarded.headers].filter(
            ([name]) =>
              !['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(name),
          );
          response.writeHead(forwarded.status, Object.fromEntries(kept));
          response.end(Buffer.from(await forwarded.arrayBuffer()));
        })
        .catch(() => {
          response.writeHead(502);
          response.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stopInner = inner.stop.bind(inner);
  return Object.assign(inner, {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopInner();
    },
  });
}

/** Query parameters of a list, as the providers' SDKs send them. */
const param = (url: URL, name: string) => url.searchParams.get(name);

const bearer = (request: IncomingMessage) => (request.headers.authorization ?? '').replace(/^Bearer /, '');

/** The Stripe stand-in with its billing routes, and a server whose STRIPE_API_BASE names it. */
export function useStripeBillingStandIn(
  keys: Record<string, StripeKeyKind>,
  options: TestServerOptions = {},
): { readonly stripe: StripeStandIn; readonly billing: StripeBilling; admin: AdminServer } {
  // The stand-in serves these itself (packages/testing); the test fills them before or after it starts.
  const billing: StripeBilling = { invoices: [], prices: [], withoutBilling: new Set() };
  const started = useStandIn(() => startStripeStandIn({ keys, billing }), 'STRIPE_API_BASE', options);
  return {
    get stripe() {
      return started.standIn;
    },
    billing,
    admin: started.admin,
  };
}

/** What a Stripe test puts in the stand-in's billing: its invoices, prices and keys without them. */
export type StripeBilling = Pick<StripeStandIn, 'invoices' | 'prices' | 'withoutBilling'>;

/**
 * Paddle's transactions as whole objects (subscription, customer, billing period, items with their
 * prices, line items with their totals): GET /transactions served from `transactions` with the paging
 * and filters of the stand-in in packages/testing (`status`, `id`, `order_by=id[ASC|DESC]`, `after`,
 * `per_page`, `updated_at[GTE]`), for the revenue sync and the periods alike.
 */
export interface PaddleBilling {
  transactions: Record<string, unknown>[];
}

export function paddleBillingAnswer(paddle: PaddleStandIn, billing: PaddleBilling) {
  return (request: IncomingMessage, url: URL): StandInAnswer | null => {
    if (request.method !== 'GET' || url.pathname !== '/transactions') return null;
    const kind = paddle.keys.get(bearer(request).replace(/^bearer /i, ''));
    if (!kind || kind === 'revoked') {
      return {
        status: 403,
        body: {
          error: { type: 'request_error', code: 'invalid_token', detail: 'Authentication token is invalid.' },
        },
      };
    }
    const statuses = param(url, 'status')?.split(',') ?? null;
    const ids = param(url, 'id')?.split(',') ?? null;
    const since = param(url, 'updated_at[GTE]');
    const descending = param(url, 'order_by') === 'id[DESC]';
    const perPage = Math.min(200, Math.max(1, Number(param(url, 'per_page') ?? 50)));
    const after = param(url, 'after');
    const ordered = billing.transactions
      .filter(
        (transaction) =>
          (statuses === null || statuses.includes(String(transaction.status))) &&
          (ids === null || ids.includes(String(transaction.id))) &&
          (since === null || Date.parse(String(transaction.updated_at)) >= Date.parse(since)),
      )
      .sort((a, b) => (descending ? -1 : 1) * String(a.id).localeCompare(String(b.id)));
    const start =
      after === null
        ? 0
        : ordered.filter((item) => (descending ? String(item.id) > after : String(item.id) <= after)).length;
    const data = ordered.slice(start, start + perPage);
    const next = new URL(url.pathname, paddle.base);
    for (const [name, value] of url.searchParams) if (name !== 'after') next.searchParams.set(name, value);
    if (data.length > 0) next.searchParams.set('after', String(data.at(-1)?.id ?? ''));
    return {
      status: 200,
      body: {
        data,
        meta: {
          request_id: 'b2b1f6ab-0d4c-4f1e-9e55-b9b1f1d6e3a1',
          pagination: {
            per_page: perPage,
            next: next.href,
            has_more: start + perPage < ordered.length,
            estimated_total: ordered.length,
          },
        },
      },
    };
  };
}

export interface PaddlePriceSpec {
  id: string;
  productId: string;
  /** In the smallest unit. */
  unitPrice: number;
  /** Null for a one-time price. */
  interval: 'day' | 'week' | 'month' | 'year' | null;
  frequency?: number;
}

export interface PaddleLineSpec {
  id: string;
  price: PaddlePriceSpec;
  quantity?: number;
  /** In the smallest unit, as Paddle's line totals: subtotal before discount, tax apart. */
  subtotal: number;
  discount?: number;
  tax?: number;
  /** A prorated line's own period. */
  proration?: { startsAt: string; endsAt: string; rate: string };
}

/** A completed subscription transaction as Paddle's API sends it, on the documented object. */
export function paddleSubscriptionTransactionObject(transaction: {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  currency: string;
  createdAt: string;
  billingPeriod: { startsAt: string; endsAt: string } | null;
  lines: PaddleLineSpec[];
  status?: 'completed' | 'billed' | 'paid';
  origin?: string;
}): Record<string, unknown> {
  const total = transaction.lines.reduce(
    (sum, line) => sum + line.subtotal - (line.discount ?? 0) + (line.tax ?? 0),
    0,
  );
  const base = paddleTransactionObject({
    id: transaction.id,
    currency: transaction.currency,
    total,
    // Paid out in dollars, so the revenue sync needs no exchange rate.
    payoutTotal: total,
    createdAt: transaction.createdAt,
    status: transaction.status ?? 'completed',
  });
  const [template] = base.details.line_items;
  const priceObject = (price: PaddlePriceSpec) => ({
    id: price.id,
    product_id: price.productId,
    status: 'active',
    description: price.id,
    name: price.id,
    type: 'standard',
    tax_mode: 'account_setting',
    quantity: { minimum: 1, maximum: 100 },
    unit_price: { amount: String(price.unitPrice), currency_code: transaction.currency },
    unit_price_overrides: [],
    trial_period: null,
    billing_cycle: price.interval ? { interval: price.interval, frequency: price.frequency ?? 1 } : null,
    custom_data: null,
  });
  const period = (value: { startsAt: string; endsAt: string }) => ({
    starts_at: value.startsAt,
    ends_at: value.endsAt,
  });
  return {
    ...base,
    origin: transaction.origin ?? 'subscription_recurring',
    customer_id: transaction.customerId,
    subscription_id: transaction.subscriptionId,
    billing_period: transaction.billingPeriod ? period(transaction.billingPeriod) : null,
    items: transaction.lines.map((line) => ({
      price: priceObject(line.price),
      quantity: line.quantity ?? 1,
      proration: line.proration
        ? { rate: line.proration.rate, billing_period: period(line.proration) }
        : null,
    })),
    details: {
      ...base.details,
      line_items: transaction.lines.map((line) => {
        const totals = {
          subtotal: String(line.subtotal),
          discount: String(line.discount ?? 0),
          tax: String(line.tax ?? 0),
          total: String(line.subtotal - (line.discount ?? 0) + (line.tax ?? 0)),
        };
        return {
          ...template,
          id: line.id,
          price_id: line.price.id,
          quantity: line.quantity ?? 1,
          proration: line.proration
            ? { rate: line.proration.rate, billing_period: period(line.proration) }
            : null,
          totals,
          unit_totals: totals,
          product: { ...template?.product, id: line.price.productId, name: 'App' },
        };
      }),
    },
  };
}

/** The Paddle stand-in with whole transactions, and a server whose PADDLE_API_BASE names it. */
export function usePaddleBillingStandIn(
  keys: Record<string, PaddleKeyKind>,
  options: TestServerOptions = {},
): { readonly paddle: PaddleStandIn; readonly billing: PaddleBilling; admin: AdminServer } {
  const billing: PaddleBilling = { transactions: [] };
  const started = useStandIn(
    async () => {
      const paddle = await startPaddleStandIn({ keys });
      return withBillingRoutes(paddle, paddleBillingAnswer(paddle, billing));
    },
    'PADDLE_API_BASE',
    options,
  );
  return {
    get paddle() {
      return started.standIn;
    },
    billing,
    admin: started.admin,
  };
}

/**
 * Lemon Squeezy's subscription billing: subscription invoices as whole objects (GET
 * /v1/subscription-invoices newest first, `page[number]`, `page[size]`, for the revenue sync and the
 * periods alike), subscriptions (GET /v1/subscriptions/{id}) and variants (GET /v1/variants/{id}).
 */
export interface LemonSqueezyBilling {
  invoices: Record<string, unknown>[];
  subscriptions: Record<string, unknown>[];
  variants: Record<string, unknown>[];
}

export function lemonSqueezyBillingAnswer(lemonSqueezy: LemonSqueezyStandIn, billing: LemonSqueezyBilling) {
  const errors = (status: number, title: string, detail: string) => ({
    status,
    body: { jsonapi: { version: '1.0' }, errors: [{ detail, status: String(status), title }] },
  });
  const one = (list: Record<string, unknown>[], id: string) => {
    const found = list.find((object) => object.id === id);
    return found
      ? { status: 200, body: { jsonapi: { version: '1.0' }, data: found } }
      : errors(404, 'Not Found', 'Not found.');
  };
  return (request: IncomingMessage, url: URL): StandInAnswer | null => {
    const path = url.pathname;
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const variant = /^\/v1\/variants\/([^/]+)$/.exec(path);
    if (path !== '/v1/subscription-invoices' && !subscription && !variant) return null;
    if (lemonSqueezy.keys.get(bearer(request)) !== 'valid')
      return errors(401, 'Unauthorized', 'Unauthenticated.');
    if (subscription) return one(billing.subscriptions, subscription[1] ?? '');
    if (variant) return one(billing.variants, variant[1] ?? '');
    const size = Math.min(100, Math.max(1, Number(param(url, 'page[size]') ?? 10)));
    const number = Math.max(1, Number(param(url, 'page[number]') ?? 1));
    const createdAt = (invoice: Record<string, unknown>) =>
      Date.parse(String((invoice.attributes as { created_at: string }).created_at));
    const newestFirst = [...billing.invoices].sort((a, b) => createdAt(b) - createdAt(a));
    const data = newestFirst.slice((number - 1) * size, number * size);
    const lastPage = Math.max(1, Math.ceil(newestFirst.length / size));
    return {
      status: 200,
      body: {
        meta: {
          page: {
            currentPage: number,
            from: data.length ? (number - 1) * size + 1 : null,
            lastPage,
            perPage: size,
            to: data.length ? (number - 1) * size + data.length : null,
            total: newestFirst.length,
          },
        },
        jsonapi: { version: '1.0' },
        links: {},
        data,
      },
    };
  };
}

/** A subscription invoice as Lemon Squeezy's API sends it, on the documented object. */
export function lemonSqueezyInvoiceObject(invoice: {
  id: string;
  subscriptionId: number;
  customerId: number;
  billingReason: 'initial' | 'renewal' | 'updated';
  currency: string;
  /** In cents of `currency`. */
  subtotal: number;
  discount?: number;
  tax?: number;
  taxInclusive?: boolean;
  createdAt: string;
  status?: 'paid' | 'refunded' | 'partial_refund' | 'pending';
  testMode?: boolean;
}): Record<string, unknown> {
  const discount = invoice.discount ?? 0;
  const tax = invoice.tax ?? 0;
  const total = invoice.subtotal - discount + (invoice.taxInclusive ? 0 : tax);
  const base = lemonSqueezyObject({
    kind: 'subscription-invoice',
    id: invoice.id,
    currency: invoice.currency,
    total,
    // The figures in dollars: these tests' rates are 1.
    totalUsd: total,
    status: invoice.status ?? 'paid',
    ...(invoice.status === 'refunded'
      ? { refundedAmount: total, refundedAmountUsd: total, refundedAt: invoice.createdAt }
      : {}),
    createdAt: invoice.createdAt,
    testMode: invoice.testMode ?? false,
    billingReason: invoice.billingReason,
  });
  return {
    ...base,
    attributes: {
      ...base.attributes,
      subscription_id: invoice.subscriptionId,
      customer_id: invoice.customerId,
      subtotal: invoice.subtotal,
      subtotal_usd: invoice.subtotal,
      discount_total: discount,
      discount_total_usd: discount,
      tax,
      tax_usd: tax,
      tax_inclusive: invoice.taxInclusive ?? false,
    },
  };
}

export function lemonSqueezySubscriptionObject(subscription: {
  id: number;
  customerId: number;
  productId: number;
  variantId: number;
  status?: 'on_trial' | 'active' | 'cancelled' | 'expired';
}): Record<string, unknown> {
  return {
    type: 'subscriptions',
    id: String(subscription.id),
    attributes: {
      store_id: 1,
      customer_id: subscription.customerId,
      order_id: subscription.id,
      order_item_id: subscription.id,
      product_id: subscription.productId,
      variant_id: subscription.variantId,
      product_name: 'App',
      variant_name: `Variant ${subscription.variantId}`,
      user_name: 'A customer',
      user_email: 'customer@example.com',
      status: subscription.status ?? 'active',
      status_formatted: 'Active',
      cancelled: subscription.status === 'cancelled',
      pause: null,
      trial_ends_at: null,
      billing_anchor: 1,
      first_subscription_item: null,
      test_mode: false,
    },
    links: { self: `https://api.lemonsqueezy.com/v1/subscriptions/${subscription.id}` },
  };
}

export function lemonSqueezyVariantObject(variant: {
  id: number;
  productId: number;
  price: number;
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount?: number;
  trial?: { interval: 'day' | 'week' | 'month' | 'year'; count: number };
}): Record<string, unknown> {
  return {
    type: 'variants',
    id: String(variant.id),
    attributes: {
      product_id: variant.productId,
      name: `Variant ${variant.id}`,
      price: variant.price,
      is_subscription: true,
      interval: variant.interval,
      interval_count: variant.intervalCount ?? 1,
      has_free_trial: variant.trial !== undefined,
      trial_interval: variant.trial?.interval ?? 'day',
      trial_interval_count: variant.trial?.count ?? 30,
      status: 'published',
      test_mode: false,
    },
    links: { self: `https://api.lemonsqueezy.com/v1/variants/${variant.id}` },
  };
}

/** The Lemon Squeezy stand-in with its subscription billing, and a server whose LEMONSQUEEZY_API_BASE names it. */
export function useLemonSqueezyBillingStandIn(
  keys: Record<string, LemonSqueezyKeyKind>,
  options: TestServerOptions = {},
): { readonly lemonSqueezy: LemonSqueezyStandIn; readonly billing: LemonSqueezyBilling; admin: AdminServer } {
  const billing: LemonSqueezyBilling = { invoices: [], subscriptions: [], variants: [] };
  const started = useStandIn(
    async () => {
      const lemonSqueezy = await startLemonSqueezyStandIn({ keys });
      return withBillingRoutes(lemonSqueezy, lemonSqueezyBillingAnswer(lemonSqueezy, billing));
    },
    'LEMONSQUEEZY_API_BASE',
    options,
  );
  return {
    get lemonSqueezy() {
      return started.standIn;
    },
    billing,
    admin: started.admin,
  };
}

/**
 * Polar's orders as whole objects (subscription, product with its interval, items with their price):
 * GET /v1/orders/ served from `orders` with `page`, `limit` and `sorting` (created_at either way), for
 * the revenue sync and the periods alike.
 */
export interface PolarBilling {
  orders: Record<string, unknown>[];
}

export function polarBillingAnswer(polar: PolarStandIn, billing: PolarBilling) {
  return (request: IncomingMessage, url: URL): StandInAnswer | null => {
    if (request.method !== 'GET' || url.pathname !== '/v1/orders/') return null;
    const kind = polar.keys.get(bearer(request));
    if (kind === undefined || kind === 'revoked') return { status: 401, body: { error: 'invalid_token' } };
    const limit = Math.min(100, Math.max(1, Number(param(url, 'limit') ?? 10)));
    const page = Math.max(1, Number(param(url, 'page') ?? 1));
    const direction = (param(url, 'sorting') ?? '-created_at') === 'created_at' ? 1 : -1;
    const sorted = [...billing.orders].sort(
      (a, b) => direction * (Date.parse(String(a.created_at)) - Date.parse(String(b.created_at))),
    );
    return {
      status: 200,
      body: {
        items: sorted.slice((page - 1) * limit, page * limit),
        pagination: { total_count: sorted.length, max_page: Math.max(1, Math.ceil(sorted.length / limit)) },
      },
    };
  };
}

export interface PolarPlanSpec {
  productId: string;
  priceId: string;
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount?: number;
}

/** A subscription order as Polar's API (version 2026-04) sends it, on the documented object. */
export function polarSubscriptionOrderObject(order: {
  id: string;
  customerId: string;
  subscriptionId: string;
  plan: PolarPlanSpec;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  /** In cents, lowercase currency as Polar sends it. */
  currency: string;
  subtotal: number;
  discount?: number;
  tax?: number;
  createdAt: string;
  status?: 'paid' | 'refunded' | 'partially_refunded' | 'pending';
  /** The subscription as it is now. */
  subscription: {
    amount: number;
    currentPeriodStart: string;
    currentPeriodEnd: string;
    status?: 'trialing' | 'active' | 'canceled';
    trial?: { start: string; end: string };
  };
}): Record<string, unknown> {
  const discount = order.discount ?? 0;
  const tax = order.tax ?? 0;
  const net = order.subtotal - discount;
  const base = polarOrder({
    id: order.id,
    currency: order.currency,
    totalAmount: net + tax,
    taxAmount: tax,
    status: order.status ?? 'paid',
    ...(order.status === 'refunded' ? { refundedAmount: net, refundedTaxAmount: tax } : {}),
    createdAt: order.createdAt,
    billingReason: order.billingReason,
  });
  const { plan, subscription } = order;
  return {
    ...base,
    subtotal_amount: order.subtotal,
    discount_amount: discount,
    net_amount: net,
    customer_id: order.customerId,
    product_id: plan.productId,
    subscription_id: order.subscriptionId,
    product: {
      ...base.product,
      id: plan.productId,
      recurring_interval: plan.interval,
      recurring_interval_count: plan.intervalCount ?? 1,
      is_recurring: true,
    },
    items: base.items.map((item) => ({ ...item, amount: net, product_price_id: plan.priceId })),
    subscription: {
      metadata: {},
      created_at: order.createdAt,
      modified_at: null,
      id: order.subscriptionId,
      amount: subscription.amount,
      currency: order.currency,
      recurring_interval: plan.interval,
      recurring_interval_count: plan.intervalCount ?? 1,
      status: subscription.status ?? 'active',
      current_period_start: subscription.currentPeriodStart,
      current_period_end: subscription.currentPeriodEnd,
      current_meter_period_start: null,
      current_meter_period_end: null,
      trial_start: subscription.trial?.start ?? null,
      trial_end: subscription.trial?.end ?? null,
      cancel_at_period_end: subscription.status === 'canceled',
      canceled_at: subscription.status === 'canceled' ? subscription.currentPeriodStart : null,
      started_at: order.createdAt,
      ends_at: subscription.status === 'canceled' ? subscription.currentPeriodEnd : null,
      ended_at: null,
      pause_at_period_end: false,
      paused_at: null,
      resumes_at: null,
      customer_id: order.customerId,
      product_id: plan.productId,
      discount_id: null,
      checkout_id: null,
      customer_cancellation_reason: null,
      customer_cancellation_comment: null,
    },
  };
}

/** The Polar stand-in with whole orders, and a server whose POLAR_API_BASE names it. */
export function usePolarBillingStandIn(
  keys: Record<string, PolarKeyKind>,
  options: TestServerOptions = {},
): { readonly polar: PolarStandIn; readonly billing: PolarBilling; admin: AdminServer } {
  const billing: PolarBilling = { orders: [] };
  const started = useStandIn(
    async () => {
      const polar = await startPolarStandIn({ keys });
      return withBillingRoutes(polar, polarBillingAnswer(polar, billing));
    },
    'POLAR_API_BASE',
    options,
  );
  return {
    get polar() {
      return started.standIn;
    },
    billing,
    admin: started.admin,
  };
}

/**
 * A Paddle delivery as Paddle sends it: the event with its ids, signed with Paddle-Signature (`''`
 * leaves the header out; another string replaces it).
 */
export function paddleDelivery(
  secret: string,
  eventType: string,
  data: object,
  eventId: string,
  signature?: string,
): InjectOptions {
  const payload = JSON.stringify({
    event_id: eventId,
    event_type: eventType,
    occurred_at: new Date().toISOString(),
    notification_id: `ntf_${eventId}`,
    data,
  });
  return {
    method: 'POST',
    url: '/api/webhooks/paddle',
    headers: {
      'content-type': 'application/json',
      ...(signature === '' ? {} : { 'paddle-signature': signature ?? paddleSignature(payload, secret) }),
    },
    payload,
  };
}

/** A Lemon Squeezy delivery: JSON with its event name, signed with X-Signature (as `paddleDelivery`). */
export function lemonSqueezyDelivery(
  secret: string,
  eventName: string,
  data: object,
  signature?: string,
): InjectOptions {
  const payload = JSON.stringify({
    meta: { event_name: eventName, test_mode: false, webhook_id: 'b9e9a6d3-2a0f-4f6f-9d7e-0c1a2b3c4d5e' },
    data,
  });
  return {
    method: 'POST',
    url: '/api/webhooks/lemonsqueezy',
    headers: {
      'content-type': 'application/json',
      'x-event-name': eventName,
      ...(signature === '' ? {} : { 'x-signature': signature ?? lemonSqueezySignature(payload, secret) }),
    },
    payload,
  };
}

/** The stored subscription periods in a fixed order, without their row id and read time. */
export async function storedPeriods(admin: AdminServer) {
  const rows = await admin.server.db
    .select()
    .from(schema.subscriptionPeriods)
    .orderBy(asc(schema.subscriptionPeriods.periodStart), asc(schema.subscriptionPeriods.externalId));
  return rows.map(({ id: _id, readAt: _readAt, ...period }) => period);
}

/** A provider's connection as the admin API answers it. */
export const connectionOf = async (admin: AdminServer, provider: string) =>
  ((await admin.call('GET', '/api/admin/connections')).json().connections as Record<string, unknown>[]).find(
    (entry) => entry.provider === provider,
  );

/** A server clock a test moves on (to reach a daily full read): give `now` to the server's options. */
export function movableClock(): { offsetMs: number; now: () => Date } {
  const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
  return clock;
}
