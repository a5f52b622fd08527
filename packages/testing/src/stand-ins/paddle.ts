import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { startStandInServer, type StandInServer } from './stand-in-server';

/**
 * A local stand-in for the part of Paddle Billing's API the revenue sync reads, answering as Paddle
 * documents (objects from the official SDK's mocks, fixtures/paddle/objects.json): transactions and
 * adjustments filtered by status, ordered by id, paged with `after` and `per_page`, transactions also
 * by `updated_at[GTE]` and `id`; a customer update that a read-only key may not make (403 `forbidden`) and a
 * writing key finds missing (404 `not_found`); and the errors the client must survive (a revoked key,
 * 429 with Retry-After, 5xx). Point the SDK at it with PADDLE_API_BASE.
 */

const OBJECTS = JSON.parse(
  readFileSync(new URL('../../fixtures/paddle/objects.json', import.meta.url), 'utf8'),
) as Record<'transaction' | 'adjustment', Record<string, unknown>>;

export type PaddleKeyKind = 'read-only' | 'read-write' | 'revoked';

/** Amounts in the smallest unit: `total` in `currency`, `payoutTotal` in the payout currency. */
export interface PaddleTransaction {
  /** Paddle's ids sort by creation; the stand-in orders by id as Paddle does. */
  id: string;
  currency: string;
  total: number;
  payoutTotal: number;
  payoutCurrency?: string;
  status?: 'completed' | 'paid' | 'billed' | 'canceled';
  /** ISO 8601. */
  createdAt: string;
  updatedAt?: string;
  productName?: string;
  /** What is left of `total` after approved refunds and chargebacks; unset while there are none. */
  adjustedTotal?: number;
}

export interface PaddleAdjustment {
  id: string;
  transactionId: string;
  action: 'refund' | 'chargeback' | 'chargeback_reverse' | 'credit';
  /** `full` for the whole transaction; `partial` (the default) for some of it. */
  type?: 'full' | 'partial';
  status?: 'approved' | 'pending_approval' | 'rejected';
  currency: string;
  /** Positive, as Paddle writes an adjustment's totals. */
  total: number;
  payoutTotal: number;
  payoutCurrency?: string;
  createdAt: string;
  updatedAt?: string;
}

export interface PaddleStandIn extends StandInServer {
  keys: Map<string, PaddleKeyKind>;
  transactions: PaddleTransaction[];
  adjustments: PaddleAdjustment[];
}

const paddleError = (status: number, code: string, detail: string) => ({
  status,
  body: {
    error: {
      type: status >= 500 ? 'api_error' : 'request_error',
      code,
      detail,
      documentation_url: `https://developer.paddle.com/errors/shared/${code}`,
    },
    meta: { request_id: 'b2b1f6ab-0d4c-4f1e-9e55-b9b1f1d6e3a1' },
  },
});

/** A transaction as the API sends it: the documented object with this one's figures. */
export function paddleTransactionObject(transaction: PaddleTransaction) {
  const template = OBJECTS.transaction as {
    details: {
      totals: object;
      adjusted_totals: object;
      payout_totals: object;
      line_items: { product: object }[];
    };
  } & Record<string, unknown>;
  const [item] = template.details.line_items;
  return {
    ...template,
    id: transaction.id,
    status: transaction.status ?? 'completed',
    currency_code: transaction.currency,
    created_at: transaction.createdAt,
    updated_at: transaction.updatedAt ?? transaction.createdAt,
    billed_at: transaction.createdAt,
    details: {
      ...template.details,
      totals: {
        ...template.details.totals,
        subtotal: String(transaction.total),
        tax: '0',
        total: String(transaction.total),
        grand_total: String(transaction.total),
        currency_code: transaction.currency,
      },
      // Paddle's totals after refunds and chargebacks: null while there are none.
      adjusted_totals:
        transaction.adjustedTotal === undefined
          ? null
          : {
              ...template.details.adjusted_totals,
              subtotal: String(transaction.adjustedTotal),
              tax: '0',
              total: String(transaction.adjustedTotal),
              grand_total: String(transaction.adjustedTotal),
              currency_code: transaction.currency,
            },
      payout_totals: {
        ...template.details.payout_totals,
        subtotal: String(transaction.payoutTotal),
        tax: '0',
        total: String(transaction.payoutTotal),
        grand_total: String(transaction.payoutTotal),
        currency_code: transaction.payoutCurrency ?? 'USD',
      },
      line_items: [{ ...item, product: { ...item?.product, name: transaction.productName ?? 'Pro plan' } }],
    },
  };
}

export function paddleAdjustmentObject(adjustment: PaddleAdjustment) {
  const template = OBJECTS.adjustment as { totals: object; payout_totals: object } & Record<string, unknown>;
  return {
    ...template,
    id: adjustment.id,
    transaction_id: adjustment.transactionId,
    action: adjustment.action,
    type: adjustment.type ?? 'partial',
    status: adjustment.status ?? 'approved',
    currency_code: adjustment.currency,
    created_at: adjustment.createdAt,
    updated_at: adjustment.updatedAt ?? adjustment.createdAt,
    totals: {
      ...template.totals,
      subtotal: String(adjustment.total),
      tax: '0',
      total: String(adjustment.total),
      currency_code: adjustment.currency,
    },
    payout_totals: {
      ...template.payout_totals,
      subtotal: String(adjustment.payoutTotal),
      tax: '0',
      total: String(adjustment.payoutTotal),
      currency_code: adjustment.payoutCurrency ?? 'USD',
    },
  };
}

export async function startPaddleStandIn(
  options: { keys?: Record<string, PaddleKeyKind> } = {},
): Promise<PaddleStandIn> {
  const keys = new Map(Object.entries(options.keys ?? {}));
  const transactions: PaddleTransaction[] = [];
  const adjustments: PaddleAdjustment[] = [];
  let base = '';

  function page<T extends { id: string; status?: string }>(
    url: URL,
    all: T[],
    defaultStatus: string,
    toObject: (item: T) => object,
    keep: (item: T) => boolean = () => true,
  ) {
    const statuses = url.searchParams.get('status')?.split(',') ?? null;
    const descending = url.searchParams.get('order_by') === 'id[DESC]';
    const perPage = Math.min(200, Math.max(1, Number(url.searchParams.get('per_page') ?? 50)));
    const after = url.searchParams.get('after');
    const ordered = all
      .filter((item) => (statuses ? statuses.includes(item.status ?? defaultStatus) : true) && keep(item))
      .sort((a, b) => (descending ? b.id.localeCompare(a.id) : a.id.localeCompare(b.id)));
    const start =
      after === null ? 0 : ordered.filter((item) => (descending ? item.id > after : item.id <= after)).length;
    const data = ordered.slice(start, start + perPage);
    const hasMore = start + perPage < ordered.length;
    const next = new URL(url.pathname, base);
    for (const [name, value] of url.searchParams) if (name !== 'after') next.searchParams.set(name, value);
    if (data.length > 0) next.searchParams.set('after', data.at(-1)?.id ?? '');
    return {
      status: 200,
      body: {
        data: data.map(toObject),
        meta: {
          request_id: 'b2b1f6ab-0d4c-4f1e-9e55-b9b1f1d6e3a1',
          pagination: {
            per_page: perPage,
            next: next.href,
            has_more: hasMore,
            estimated_total: ordered.length,
          },
        },
      },
    };
  }

  const answer = (request: IncomingMessage, url: URL) => {
    const key = (request.headers.authorization ?? '').replace(/^bearer /i, '');
    const kind = keys.get(key);
    if (!kind || kind === 'revoked') {
      return paddleError(403, 'invalid_token', 'Authentication token is invalid or has been revoked.');
    }
    if (request.method === 'PATCH' && url.pathname.startsWith('/customers/')) {
      return kind === 'read-only'
        ? paddleError(403, 'forbidden', "You aren't permitted to perform this request.")
        : paddleError(404, 'not_found', 'Entity not found.');
    }
    if (request.method !== 'GET') return paddleError(405, 'method_not_allowed', 'The stand-in only reads.');
    if (url.pathname === '/transactions') {
      const since = url.searchParams.get('updated_at[GTE]');
      const ids = url.searchParams.get('id')?.split(',') ?? null;
      return page(
        url,
        transactions,
        'completed',
        paddleTransactionObject,
        (transaction) =>
          (ids === null || ids.includes(transaction.id)) &&
          (since === null || Date.parse(transaction.updatedAt ?? transaction.createdAt) >= Date.parse(since)),
      );
    }
    if (url.pathname === '/adjustments') return page(url, adjustments, 'approved', paddleAdjustmentObject);
    return paddleError(404, 'not_found', `No route for ${url.pathname}.`);
  };

  const server = await startStandInServer({
    answer,
    failure: (status) =>
      status === 429
        ? paddleError(429, 'too_many_requests', 'Too many requests.').body
        : paddleError(status, 'internal_error', 'The stand-in was told to fail.').body,
    contentType: 'application/json',
  });
  base = server.base;
  return Object.assign(server, { keys, transactions, adjustments });
}

/** Paddle's `Paddle-Signature`: `ts` and the hex HMAC-SHA256 of `{ts}:{body}` under the destination's secret. */
export function paddleSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const h1 = createHmac('sha256', secret).update(`${timestamp}:${payload}`).digest('hex');
  return `ts=${timestamp};h1=${h1}`;
}
