/**
 * Lemon Squeezy's connection, sync and webhooks (docs/decisions/077-provider-connections.md), through
 * the admin API and POST /api/webhooks/lemonsqueezy, against the Lemon Squeezy stand-in
 * (packages/testing) that LEMONSQUEEZY_API_BASE names. Totals are checked against a sum of the
 * stand-in's data made apart from the code under test, in USD, to the cent. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { schema } from '@journey/db';
import { lemonSqueezyObject, type LemonSqueezyPayment } from '@journey/testing';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './support/http';
import { call } from './helpers';
import { lemonSqueezyDelivery, useLemonSqueezyStandIn } from './support/stand-ins';

const KEY = 'ls_test_connections_key_0001';
const REVOKED = 'ls_test_connections_revoked_0002';
const SECRET = 'lemon-webhook-signing-secret';

const started = useLemonSqueezyStandIn({ [KEY]: 'valid', [REVOKED]: 'revoked' }, { syncRetryBaseMs: 200 });
const { admin } = started;
let lemon: typeof started.lemonSqueezy;
beforeAll(() => {
  lemon = started.lemonSqueezy;
  lemon.payments.push(...history());
});

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2025, 0, 1);
const at = (days: number) => new Date(START + days * DAY).toISOString();

/**
 * 230 orders (three pages) in dollars, euros and yen, with partial and full refunds, a test-mode
 * order and unpaid ones, and 30 subscription invoices, the first of which is its order's payment.
 */
function history(): LemonSqueezyPayment[] {
  const payments: LemonSqueezyPayment[] = [];
  for (let index = 0; index < 230; index += 1) {
    const base = { kind: 'order' as const, id: String(index + 1), createdAt: at(index) };
    if (index % 50 === 7)
      payments.push({ ...base, currency: 'USD', total: 999, totalUsd: 999, testMode: true });
    else if (index % 50 === 8)
      payments.push({ ...base, currency: 'USD', total: 999, totalUsd: 999, status: 'failed' });
    else if (index % 5 === 1) {
      // 20.00 EUR, 21.74 USD at Lemon Squeezy's rate.
      payments.push({ ...base, currency: 'EUR', total: 2000, totalUsd: 2174 });
    } else if (index % 5 === 2) {
      // ¥1,500 (yen have no minor unit), 10.12 USD.
      payments.push({ ...base, currency: 'JPY', total: 1500, totalUsd: 1012 });
    } else if (index % 25 === 3) {
      payments.push({
        ...base,
        currency: 'USD',
        total: 4900,
        totalUsd: 4900,
        status: 'partial_refund',
        refundedAmount: 1900,
        refundedAmountUsd: 1900,
        refundedAt: at(index + 2),
      });
    } else if (index % 25 === 4) {
      payments.push({
        ...base,
        currency: 'EUR',
        total: 4000,
        totalUsd: 4348,
        status: 'refunded',
        refundedAmount: 4000,
        refundedAmountUsd: 4348,
        refundedAt: at(index + 1),
      });
    } else payments.push({ ...base, currency: 'USD', total: 1000 + index, totalUsd: 1000 + index });
  }
  for (let index = 0; index < 30; index += 1) {
    payments.push({
      kind: 'subscription-invoice',
      id: String(index + 1),
      currency: 'USD',
      total: 1500,
      totalUsd: 1500,
      createdAt: at(index * 7 + 0.5),
      billingReason: index === 0 ? 'initial' : 'renewal',
    });
  }
  return payments;
}

/** The stand-in's revenue in cents, summed apart from the code under test. */
const expectedCents = () =>
  lemon.payments
    .filter(
      (payment) =>
        !payment.testMode &&
        ['paid', 'refunded', 'partial_refund', undefined].includes(payment.status) &&
        payment.billingReason !== 'initial',
    )
    .reduce((sum, payment) => sum + payment.totalUsd - (payment.refundedAmountUsd ?? 0), 0);

const dollars = (cents: number) => (cents / 100).toFixed(2);

const totalRevenue = async () =>
  (await call(admin.server.app, 'GET', '/api/revenue')).json().totalRevenue as string;

const connection = async () =>
  ((await admin.call('GET', '/api/admin/connections')).json().connections as { provider: string }[]).find(
    (entry) => entry.provider === 'lemonsqueezy',
  ) as Record<string, unknown> | undefined;

/** A delivery as Lemon Squeezy sends it: JSON with its event name, signed with X-Signature. */
const deliver = (eventName: string, payment: LemonSqueezyPayment, signature?: string) =>
  admin.server.app.inject(
    lemonSqueezyDelivery(SECRET, eventName, lemonSqueezyObject(payment, lemon.storeId), signature),
  );

describe('Lemon Squeezy', () => {
  it('refuses a revoked key with 400 naming the key, storing nothing', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/lemonsqueezy', { apiKey: REVOKED });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.apiKey).toContain('Lemon Squeezy refused this key');
    expect(await admin.server.db.select().from(schema.providerConnections)).toEqual([]);
  });

  it('connects and backfills every order and invoice, past the first page, to the cent in USD', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/lemonsqueezy', {
      apiKey: KEY,
      webhookSecret: SECRET,
      source: 'consulting',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(KEY);
    expect(response.body).not.toContain(SECRET);
    await waitFor('the backfill', async () => (await connection())?.status === 'ok');
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
    expect(lemon.requests.some((line) => line.startsWith('GET /v1/orders?') && line.includes('=3&'))).toBe(
      true,
    );
    expect(lemon.requests.some((line) => line.startsWith('GET /v1/subscription-invoices?'))).toBe(true);
    expect(await connection()).toMatchObject({ accountId: lemon.storeId, source: 'consulting' });

    const rows = await admin.server.db.select().from(schema.revenues);
    expect(rows.every((row) => row.provider === 'lemonsqueezy' && row.provenance === 'sync')).toBe(true);
    expect(rows.find((row) => row.externalId === 'order_2')).toMatchObject({
      amount: '21.74',
      currency: 'EUR',
      originalAmount: '20.00',
    });
    expect(rows.find((row) => row.externalId === 'order_3')).toMatchObject({
      amount: '10.12',
      currency: 'JPY',
      originalAmount: '1500.00',
    });
    // A partial refund is its own negative entry on the day it happened; a full one takes it all back.
    expect(rows.find((row) => row.externalId === 'order_4_refund')).toMatchObject({
      amount: '-19.00',
      date: new Date(at(5)),
    });
    expect(rows.find((row) => row.externalId === 'order_5_refund')).toMatchObject({ amount: '-43.48' });
    // Not revenue: a test-mode order, a failed one, and the invoice that is its order's payment.
    expect(rows.find((row) => row.externalId === 'order_8')).toBeUndefined();
    expect(rows.find((row) => row.externalId === 'order_9')).toBeUndefined();
    expect(rows.find((row) => row.externalId === 'invoice_1')).toBeUndefined();
    expect(rows.find((row) => row.externalId === 'invoice_2')).toMatchObject({ amount: '15.00' });
  });

  it('records a signed order once, however often it is delivered, and a later partial refund corrects its refund entry', async () => {
    const order: LemonSqueezyPayment = {
      kind: 'order',
      id: '9001',
      currency: 'GBP',
      total: 8000,
      totalUsd: 10_080,
      createdAt: new Date().toISOString(),
    };
    lemon.payments.push(order);
    const first = await deliver('order_created', order);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ recorded: true, added: 1 });
    expect((await deliver('order_created', order)).json()).toMatchObject({ recorded: false });
    expect(await totalRevenue()).toBe(dollars(expectedCents()));

    Object.assign(order, { status: 'partial_refund', refundedAmount: 2000, refundedAmountUsd: 2520 });
    order.refundedAt = new Date().toISOString();
    expect((await deliver('order_refunded', order)).json()).toMatchObject({ added: 1 });
    expect(await totalRevenue()).toBe(dollars(expectedCents()));

    // A second partial refund: Lemon Squeezy sends the order's refunds to date.
    Object.assign(order, { refundedAmount: 5000, refundedAmountUsd: 6300 });
    expect((await deliver('order_refunded', order)).json()).toMatchObject({ added: 0, corrected: 1 });
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
    const [refund] = await admin.server.db
      .select()
      .from(schema.revenues)
      .where(eq(schema.revenues.externalId, 'order_9001_refund'));
    expect(refund).toMatchObject({ amount: '-63.00', provenance: 'webhook', originalAmount: '-50.00' });
    // The correction is public: the ledger tells the old and the new amount.
    // In chain order: without ORDER BY, PostgreSQL answers in heap order, which reuses freed space.
    const ledger = await admin.server.db
      .select()
      .from(schema.revenueLedger)
      .orderBy(asc(schema.revenueLedger.id));
    expect(ledger.at(-1)).toMatchObject({
      revenueId: refund!.id,
      field: 'amount',
      oldValue: '-25.20',
      newValue: '-63.00',
    });
  });

  it('refuses a bad or missing signature with 400, storing nothing', async () => {
    const order: LemonSqueezyPayment = {
      kind: 'order',
      id: '9002',
      currency: 'USD',
      total: 100_000,
      totalUsd: 100_000,
      createdAt: new Date().toISOString(),
    };
    const before = await totalRevenue();
    expect((await deliver('order_created', order, 'ab'.repeat(32))).statusCode).toBe(400);
    expect((await deliver('order_created', order, '')).statusCode).toBe(400);
    expect(await totalRevenue()).toBe(before);
  });

  it('syncs a renewal after a 429 and a 5xx, counting nothing twice', async () => {
    lemon.payments.push({
      kind: 'subscription-invoice',
      id: '500',
      currency: 'EUR',
      total: 1200,
      totalUsd: 1310,
      createdAt: new Date().toISOString(),
      billingReason: 'renewal',
    });
    lemon.failNext(429, 1, 1);
    lemon.failNext(503, 1);
    const before = (await connection())!.lastSyncedAt;
    expect((await admin.call('POST', '/api/admin/connections/lemonsqueezy/sync')).statusCode).toBe(202);
    await waitFor('the sync after the rate limit', async () => {
      const current = await connection();
      return current?.status === 'ok' && current.lastSyncedAt !== before;
    });
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
  });

  it('flags a revoked key', async () => {
    lemon.keys.set(KEY, 'revoked');
    await admin.call('POST', '/api/admin/connections/lemonsqueezy/sync');
    await waitFor('the rejected key', async () => (await connection())?.status === 'key-rejected');
    expect((await connection())?.lastError).toContain('revoked');
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
  });
});
