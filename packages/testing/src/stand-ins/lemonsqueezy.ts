import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { startStandInServer, type StandInServer } from './stand-in-server';

/**
 * A local stand-in for the part of Lemon Squeezy's API the revenue sync reads, answering as its API
 * reference documents (JSON:API objects from fixtures/lemonsqueezy/objects.json): the authenticated
 * user, the stores, orders and subscription invoices listed newest first with `page[number]` and
 * `page[size]` pagination and `meta.page`, and the errors the client must survive (401 for a revoked
 * key, 429, 5xx). Point the SDK at it with LEMONSQUEEZY_API_BASE.
 */

const OBJECTS = JSON.parse(
  readFileSync(new URL('../../fixtures/lemonsqueezy/objects.json', import.meta.url), 'utf8'),
) as Record<'order' | 'subscription-invoice' | 'store' | 'user', Record<string, unknown>>;

export type LemonSqueezyKeyKind = 'valid' | 'revoked';

/** An order or a subscription invoice; amounts in cents of `currency`, and their USD figures. */
export interface LemonSqueezyPayment {
  kind: 'order' | 'subscription-invoice';
  id: string;
  currency: string;
  total: number;
  totalUsd: number;
  status?: 'paid' | 'refunded' | 'partial_refund' | 'pending' | 'failed';
  refundedAmount?: number;
  refundedAmountUsd?: number;
  /** ISO 8601. */
  refundedAt?: string | null;
  /** ISO 8601. */
  createdAt: string;
  testMode?: boolean;
  /** A subscription invoice's: 'initial' (its order's payment), 'renewal' or 'updated'. */
  billingReason?: 'initial' | 'renewal' | 'updated';
  productName?: string;
}

export interface LemonSqueezyStandIn extends StandInServer {
  storeId: string;
  keys: Map<string, LemonSqueezyKeyKind>;
  /** Listed newest first, as Lemon Squeezy lists them. */
  payments: LemonSqueezyPayment[];
}

const errors = (status: number, title: string, detail: string) => ({
  status,
  body: { jsonapi: { version: '1.0' }, errors: [{ detail, status: String(status), title }] },
});

const template = (kind: LemonSqueezyPayment['kind']) =>
  OBJECTS[kind] as { attributes: Record<string, unknown>; links: Record<string, string> };

/** A payment as the API sends it: the documented object with this payment's figures. */
export function lemonSqueezyObject(payment: LemonSqueezyPayment, storeId = '1') {
  const { attributes, ...rest } = template(payment.kind);
  const type = payment.kind === 'order' ? 'orders' : 'subscription-invoices';
  const refundedAmount = payment.refundedAmount ?? 0;
  return {
    ...rest,
    type,
    id: payment.id,
    attributes: {
      ...attributes,
      store_id: Number(storeId),
      currency: payment.currency,
      total: payment.total,
      subtotal: payment.total,
      tax: 0,
      total_usd: payment.totalUsd,
      subtotal_usd: payment.totalUsd,
      tax_usd: 0,
      status: payment.status ?? 'paid',
      refunded: (payment.status ?? 'paid') === 'refunded',
      refunded_amount: refundedAmount,
      refunded_amount_usd: payment.refundedAmountUsd ?? 0,
      refunded_at: payment.refundedAt ?? null,
      created_at: payment.createdAt,
      updated_at: payment.refundedAt ?? payment.createdAt,
      test_mode: payment.testMode ?? false,
      ...(payment.kind === 'order'
        ? {
            order_number: Number(payment.id),
            first_order_item: {
              ...(attributes.first_order_item as object),
              order_id: Number(payment.id),
              product_name: payment.productName ?? 'Pro plan',
              price: payment.total,
            },
          }
        : { billing_reason: payment.billingReason ?? 'renewal' }),
    },
    links: { self: `https://api.lemonsqueezy.com/v1/${type}/${payment.id}` },
  };
}

export async function startLemonSqueezyStandIn(
  options: { storeId?: string; keys?: Record<string, LemonSqueezyKeyKind> } = {},
): Promise<LemonSqueezyStandIn> {
  const storeId = options.storeId ?? '1';
  const keys = new Map(Object.entries(options.keys ?? {}));
  const payments: LemonSqueezyPayment[] = [];

  const list = (url: URL, kind: LemonSqueezyPayment['kind']) => {
    const size = Math.min(100, Math.max(1, Number(url.searchParams.get('page[size]') ?? 10)));
    const number = Math.max(1, Number(url.searchParams.get('page[number]') ?? 1));
    const newestFirst = payments
      .filter((payment) => payment.kind === kind)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    const page = newestFirst.slice((number - 1) * size, number * size);
    const lastPage = Math.max(1, Math.ceil(newestFirst.length / size));
    const path = `https://api.lemonsqueezy.com/v1/${kind}s`;
    const pageLink = (at: number) => `${path}?page%5Bnumber%5D=${at}&page%5Bsize%5D=${size}&sort=-createdAt`;
    return {
      status: 200,
      body: {
        meta: {
          page: {
            currentPage: number,
            from: page.length ? (number - 1) * size + 1 : null,
            lastPage,
            perPage: size,
            to: page.length ? (number - 1) * size + page.length : null,
            total: newestFirst.length,
          },
        },
        jsonapi: { version: '1.0' },
        links: {
          first: pageLink(1),
          last: pageLink(lastPage),
          ...(number < lastPage ? { next: pageLink(number + 1) } : {}),
        },
        data: page.map((payment) => lemonSqueezyObject(payment, storeId)),
      },
    };
  };

  const answer = (request: IncomingMessage, url: URL) => {
    const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (keys.get(key) !== 'valid') return errors(401, 'Unauthorized', 'Unauthenticated.');
    if (request.method !== 'GET') return errors(405, 'Method Not Allowed', 'The stand-in only reads.');
    switch (url.pathname) {
      case '/v1/users/me':
        return { status: 200, body: { jsonapi: { version: '1.0' }, data: OBJECTS.user } };
      case '/v1/stores':
        return {
          status: 200,
          body: {
            meta: { page: { currentPage: 1, from: 1, lastPage: 1, perPage: 10, to: 1, total: 1 } },
            jsonapi: { version: '1.0' },
            data: [{ ...OBJECTS.store, id: storeId }],
          },
        };
      case '/v1/orders':
        return list(url, 'order');
      case '/v1/subscription-invoices':
        return list(url, 'subscription-invoice');
      default:
        return errors(404, 'Not Found', `No route for ${url.pathname}.`);
    }
  };

  const server = await startStandInServer({
    answer,
    failure: (status) =>
      errors(status, status === 429 ? 'Too Many Requests' : 'Server Error', 'The stand-in was told to fail.')
        .body,
    contentType: 'application/vnd.api+json',
  });
  return Object.assign(server, { storeId, keys, payments });
}

/** Lemon Squeezy's `X-Signature`: the hex HMAC-SHA256 of the raw body under the webhook's secret. */
export function lemonSqueezySignature(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}
