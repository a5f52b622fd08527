import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { startStandInServer, type StandInServer } from './stand-in-server';

/**
 * A local stand-in for the part of Polar's API the revenue sync reads, answering as Polar's OpenAPI
 * document (version 2026-04) and its server describe: orders (fixtures/polar/order.json) listed with
 * `page`, `limit` (at most 100) and `sorting`, under `items` and `pagination`; the harmless writes the
 * key check makes (PATCH of an order or a customer that does not exist: 403 `insufficient_scope` for a
 * read-only token, 404 for one that may write); and the errors the client must survive (401 for a
 * revoked token, 429 with Retry-After, 5xx). Point the SDK at it with POLAR_API_BASE.
 */

const FIXTURE = JSON.parse(
  readFileSync(new URL('../../fixtures/polar/order.json', import.meta.url), 'utf8'),
) as { order: Record<string, unknown> & { customer: object; product: object; items: object[] } };

/** What a token may do: read orders only, read and write, or nothing (revoked or unknown). */
export type PolarKeyKind = 'valid' | 'read-write' | 'revoked';

/** An order's figures; amounts in cents of `currency`. */
export interface PolarOrderSpec {
  id: string;
  /** Lowercase, as Polar sends it. */
  currency: string;
  /** After discounts and taxes. */
  totalAmount: number;
  taxAmount?: number;
  /** The customer's balance the order used: negative for a credit, positive for a debt carried in. */
  appliedBalanceAmount?: number;
  status?: 'draft' | 'pending' | 'paid' | 'refunded' | 'partially_refunded' | 'void';
  /** Refunds to date, without their tax (Polar keeps the two apart). */
  refundedAmount?: number;
  refundedTaxAmount?: number;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; null until the order changes. */
  modifiedAt?: string | null;
  billingReason?: 'purchase' | 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  productName?: string;
}

export interface PolarStandIn extends StandInServer {
  organizationId: string;
  keys: Map<string, PolarKeyKind>;
  orders: PolarOrderSpec[];
}

/** Statuses of an order whose payment went through (Polar's `paid`). */
const PAID_STATUSES = new Set(['paid', 'refunded', 'partially_refunded']);

/** An order as the API sends it: the documented object with this order's figures. */
export function polarOrder(spec: PolarOrderSpec, organizationId = '1dbfc517-0bbf-4301-9ba8-555ca42b9737') {
  const { order } = FIXTURE;
  const status = spec.status ?? 'paid';
  const tax = spec.taxAmount ?? 0;
  const net = spec.totalAmount - tax;
  const applied = spec.appliedBalanceAmount ?? 0;
  const refunded = spec.refundedAmount ?? 0;
  const refundedTax = spec.refundedTaxAmount ?? 0;
  const name = spec.productName ?? 'Pro Plan';
  return {
    ...order,
    id: spec.id,
    created_at: spec.createdAt,
    modified_at: spec.modifiedAt ?? null,
    status,
    paid: PAID_STATUSES.has(status),
    subtotal_amount: net,
    discount_amount: 0,
    net_amount: net,
    tax_amount: tax,
    total_amount: spec.totalAmount,
    applied_balance_amount: applied,
    // As Polar's server computes them (server/polar/models/order.py).
    due_amount: Math.max(0, spec.totalAmount + applied),
    refundable_amount: Math.max(0, net + applied - refunded),
    refundable_tax_amount: Math.max(0, tax - refundedTax),
    refunded_amount: refunded,
    refunded_tax_amount: refundedTax,
    currency: spec.currency,
    billing_reason: spec.billingReason ?? 'purchase',
    invoice_number: status === 'draft' ? null : `POLAR-${spec.id.slice(-6).toUpperCase()}`,
    customer: { ...order.customer, organization_id: organizationId },
    product: { ...order.product, name, organization_id: organizationId },
    items: [{ ...order.items[0], created_at: spec.createdAt, label: name, amount: net, tax_amount: tax }],
    description: name,
  };
}

/** Polar's error bodies: its own errors, the OAuth 2 bearer-token ones (RFC 6750), FastAPI's 404. */
const polarError = (status: number, error: string, detail: string) => ({ status, body: { error, detail } });
const INVALID_TOKEN = {
  status: 401,
  body: {
    error: 'invalid_token',
    error_description:
      'The access token provided is expired, revoked, malformed, or invalid for other reasons.',
  },
};
const INSUFFICIENT_SCOPE = {
  status: 403,
  body: {
    error: 'insufficient_scope',
    error_description: 'The request requires higher privileges than provided by the access token.',
  },
};
const NO_ROUTE = { status: 404, body: { detail: 'Not Found' } };

/** Polar's answer to a query parameter out of range: FastAPI's errors under its own `error` name. */
const invalidQuery = (name: string, message: string, input: string | null) => ({
  status: 422,
  body: {
    error: 'RequestValidationError',
    detail: [{ type: 'value_error', loc: ['query', name], msg: message, input }],
  },
});

export async function startPolarStandIn(
  options: { organizationId?: string; keys?: Record<string, PolarKeyKind> } = {},
): Promise<PolarStandIn> {
  const organizationId = options.organizationId ?? '1dbfc517-0bbf-4301-9ba8-555ca42b9737';
  const keys = new Map(Object.entries(options.keys ?? {}));
  const orders: PolarOrderSpec[] = [];

  const list = (url: URL) => {
    const limitText = url.searchParams.get('limit');
    const pageText = url.searchParams.get('page');
    const limit = Number(limitText ?? 10);
    const page = Number(pageText ?? 1);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return invalidQuery('limit', 'Input should be less than or equal to 100', limitText);
    }
    if (!Number.isInteger(page) || page < 1) {
      return invalidQuery('page', 'Input should be greater than 0', pageText);
    }
    // Polar's default order is newest first; `created_at` without the minus sign is oldest first.
    const [sorting = '-created_at'] = url.searchParams.getAll('sorting');
    if (sorting !== 'created_at' && sorting !== '-created_at') {
      return invalidQuery('sorting', 'The stand-in sorts by created_at only', sorting);
    }
    const direction = sorting === 'created_at' ? 1 : -1;
    const sorted = [...orders].sort(
      (a, b) => direction * (Date.parse(a.createdAt) - Date.parse(b.createdAt)),
    );
    return {
      status: 200,
      body: {
        items: sorted.slice((page - 1) * limit, page * limit).map((spec) => polarOrder(spec, organizationId)),
        pagination: { total_count: sorted.length, max_page: Math.ceil(sorted.length / limit) },
      },
    };
  };

  /** A write the stand-in never makes: the key check's probe of an object that does not exist. */
  const write = (kind: PolarKeyKind, id: string) => {
    if (kind !== 'read-write') return INSUFFICIENT_SCOPE;
    const order = orders.find((spec) => spec.id === id);
    return order
      ? { status: 200, body: polarOrder(order, organizationId) }
      : polarError(404, 'ResourceNotFound', 'Not found');
  };

  const answer = (request: IncomingMessage, url: URL) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const kind = keys.get(token);
    if (kind === undefined || kind === 'revoked') return INVALID_TOKEN;
    const writeTo = /^\/v1\/(orders|customers)\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (request.method === 'GET' && url.pathname === '/v1/orders/') return list(url);
    if (request.method === 'PATCH' && writeTo?.[2]) return write(kind, writeTo[2]);
    return NO_ROUTE;
  };

  const server = await startStandInServer({
    answer,
    failure: (status) =>
      status === 429
        ? // Polar's rate limiter (asgi-ratelimit) sends no body, only Retry-After.
          ''
        : { error: 'InternalServerError', detail: 'The stand-in was told to fail.' },
    contentType: 'application/json',
  });
  return Object.assign(server, { organizationId, keys, orders });
}

/**
 * The headers Polar signs a delivery with (Standard Webhooks): its server gives the `standardwebhooks`
 * library the endpoint's secret base64-encoded, so the HMAC key is the secret's UTF-8 bytes. A
 * redelivery keeps its `webhook-id`.
 */
export function polarWebhookHeaders(
  payload: string,
  secret: string,
  options: { id?: string; at?: Date } = {},
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const id = options.id ?? randomUUID();
  const at = options.at ?? new Date();
  const signature = new Webhook(Buffer.from(secret, 'utf8').toString('base64')).sign(id, at, payload);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
