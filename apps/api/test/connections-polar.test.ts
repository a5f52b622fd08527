/**
 * Polar's connection, sync and webhooks (docs/decisions/077-provider-connections.md), through the admin
 * API and POST /api/webhooks/polar, against the Polar stand-in (packages/testing) that POLAR_API_BASE
 * names. Totals are checked against a sum of the stand-in's data made apart from the code under test,
 * in USD, to the cent. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { schema } from '@journey/db';
import { polarOrder, polarWebhookHeaders, type PolarOrderSpec } from '@journey/testing';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './support/http';
import { call } from './helpers';
import { usePolarStandIn } from './support/stand-ins';

const KEY = 'polar_oat_connections_read_only_0001';
const WRITER = 'polar_oat_connections_read_write_0002';
const REVOKED = 'polar_oat_connections_revoked_0003';
const SECRET = 'polar_whs_connections_webhook_secret';

const started = usePolarStandIn(
  { [KEY]: 'valid', [WRITER]: 'read-write', [REVOKED]: 'revoked' },
  { syncRetryBaseMs: 200 },
);
const { admin } = started;
let polar: typeof started.polar;
beforeAll(() => {
  polar = started.polar;
  polar.orders.push(...history());
});

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2025, 0, 1);
const at = (days: number) => new Date(START + days * DAY).toISOString();
/** Polar's ids are UUIDs; these tell their order's number. */
const orderId = (number: number) => `00000000-0000-4000-8000-${number.toString(16).padStart(12, '0')}`;

/**
 * 230 orders (three pages), most in dollars (some with tax, one partly paid from a credit balance),
 * some in euros, with partial and full refunds, and pending and void ones that are no revenue.
 */
function history(): PolarOrderSpec[] {
  const orders: PolarOrderSpec[] = [];
  for (let index = 0; index < 230; index += 1) {
    const base = { id: orderId(index), currency: 'usd', createdAt: at(index) };
    if (index % 50 === 8) orders.push({ ...base, totalAmount: 999, status: 'pending' });
    else if (index % 50 === 9) orders.push({ ...base, totalAmount: 999, status: 'void' });
    else if (index % 5 === 1) orders.push({ ...base, currency: 'eur', totalAmount: 2000 });
    else if (index % 25 === 3) {
      orders.push({
        ...base,
        totalAmount: 4900,
        taxAmount: 400,
        status: 'partially_refunded',
        refundedAmount: 1800,
        refundedTaxAmount: 100,
        modifiedAt: at(index + 2),
      });
    } else if (index % 25 === 4) {
      orders.push({
        ...base,
        totalAmount: 4000,
        status: 'refunded',
        refundedAmount: 4000,
        modifiedAt: at(index + 1),
      });
    } else if (index % 40 === 7) {
      // $30.00, of which $5.00 came from the customer's credit balance.
      orders.push({ ...base, totalAmount: 3000, appliedBalanceAmount: -500 });
    } else orders.push({ ...base, totalAmount: 1000 + index, taxAmount: index % 3 === 0 ? 80 : 0 });
  }
  return orders;
}

/** The stand-in's revenue in cents, summed apart from the code under test. */
const expectedCents = () =>
  polar.orders
    .filter(
      (order) =>
        order.currency === 'usd' &&
        ['paid', 'refunded', 'partially_refunded', undefined].includes(order.status),
    )
    .reduce(
      (sum, order) =>
        sum +
        Math.max(0, order.totalAmount + (order.appliedBalanceAmount ?? 0)) -
        (order.refundedAmount ?? 0) -
        (order.refundedTaxAmount ?? 0),
      0,
    );

const dollars = (cents: number) => (cents / 100).toFixed(2);

const totalRevenue = async () =>
  (await call(admin.server.app, 'GET', '/api/revenue')).json().totalRevenue as string;

const connection = async () =>
  ((await admin.call('GET', '/api/admin/connections')).json().connections as { provider: string }[]).find(
    (entry) => entry.provider === 'polar',
  ) as Record<string, unknown> | undefined;

/** A delivery as Polar sends it: the event's JSON, signed with the Standard Webhooks headers. */
function deliver(
  type: string,
  data: unknown,
  options: { id?: string; secret?: string; unsigned?: boolean } = {},
) {
  const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
  return admin.server.app.inject({
    method: 'POST',
    url: '/api/webhooks/polar',
    headers: {
      'content-type': 'application/json',
      ...(options.unsigned
        ? {}
        : polarWebhookHeaders(payload, options.secret ?? SECRET, options.id ? { id: options.id } : {})),
    },
    payload,
  });
}

const deliverOrder = (type: string, order: PolarOrderSpec, options: { id?: string; secret?: string } = {}) =>
  deliver(type, polarOrder(order, polar.organizationId), options);

describe('Polar', () => {
  it('refuses a revoked token with 400 naming the token, storing nothing', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/polar', { apiKey: REVOKED });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.apiKey).toContain('Polar refused this token');
    expect(await admin.server.db.select().from(schema.providerConnections)).toEqual([]);
  });

  it('refuses a token that can write with 400, after a harmless write it was allowed', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/polar', { apiKey: WRITER });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.apiKey).toContain('can write');
    expect(polar.requests.some((line) => line.startsWith('PATCH /v1/orders/'))).toBe(true);
    expect(await admin.server.db.select().from(schema.providerConnections)).toEqual([]);
  });

  it('connects and backfills every order, past the first page, to the cent in USD', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/polar', {
      apiKey: KEY,
      webhookSecret: SECRET,
      source: 'consulting',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(KEY);
    expect(response.body).not.toContain(SECRET);
    await waitFor('the backfill', async () => (await connection())?.status === 'ok');
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
    const pagesRead = polar.requests.filter((line) => line.startsWith('GET /v1/orders/?'));
    expect(pagesRead.some((line) => /[?&]page=2(&|$)/.test(line))).toBe(true);
    expect(pagesRead.some((line) => /[?&]page=3(&|$)/.test(line) && line.includes('limit=100'))).toBe(true);
    expect(await connection()).toMatchObject({ accountId: polar.organizationId, source: 'consulting' });

    const rows = await admin.server.db.select().from(schema.revenues);
    const row = (id: string) => rows.find((entry) => entry.externalId === id);
    expect(rows.every((entry) => entry.provider === 'polar' && entry.provenance === 'sync')).toBe(true);
    // What the customer paid: tax included, and less the credit balance the order used.
    expect(row(`order_${orderId(0)}`)).toMatchObject({
      amount: '10.00',
      currency: 'USD',
      originalAmount: null,
    });
    expect(row(`order_${orderId(7)}`)).toMatchObject({ amount: '25.00' });
    // A partial refund (its tax included) is its own negative entry on the order's last change; a full one takes it all back.
    expect(row(`order_${orderId(3)}_refund`)).toMatchObject({ amount: '-19.00', date: new Date(at(5)) });
    expect(row(`order_${orderId(4)}_refund`)).toMatchObject({ amount: '-40.00' });
    // Not revenue: an order in euros while no ECB rate is loaded (skipped, and said so), a pending one and a void one.
    expect(row(`order_${orderId(1)}`)).toBeUndefined();
    expect(row(`order_${orderId(8)}`)).toBeUndefined();
    expect(row(`order_${orderId(9)}`)).toBeUndefined();
    const { skipped } = (await admin.call('GET', '/api/admin/connections')).json();
    expect(skipped).toContainEqual(
      expect.objectContaining({
        provider: 'polar',
        externalId: `order_${orderId(1)}`,
        reason: expect.stringContaining('Settled in EUR: no ECB rate on'),
      }),
    );
  });

  it('records a signed order once, however often it is delivered, and a later partial refund corrects its refund entry', async () => {
    const order: PolarOrderSpec = {
      id: orderId(9001),
      currency: 'usd',
      totalAmount: 12_000,
      taxAmount: 1_000,
      createdAt: new Date().toISOString(),
    };
    polar.orders.push(order);
    const first = await deliverOrder('order.paid', order, { id: 'evt-polar-paid' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ recorded: true, added: 1 });
    // A redelivery keeps its webhook-id.
    expect((await deliverOrder('order.paid', order, { id: 'evt-polar-paid' })).json()).toMatchObject({
      recorded: false,
    });
    expect(await totalRevenue()).toBe(dollars(expectedCents()));

    Object.assign(order, {
      status: 'partially_refunded',
      refundedAmount: 2000,
      refundedTaxAmount: 200,
      modifiedAt: new Date().toISOString(),
    });
    expect((await deliverOrder('order.refunded', order)).json()).toMatchObject({ added: 1 });
    expect(await totalRevenue()).toBe(dollars(expectedCents()));

    // A second partial refund: Polar sends the order's refunds to date.
    Object.assign(order, { refundedAmount: 5000, refundedTaxAmount: 500 });
    expect((await deliverOrder('order.refunded', order)).json()).toMatchObject({ added: 0, corrected: 1 });
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
    const [refund] = await admin.server.db
      .select()
      .from(schema.revenues)
      .where(eq(schema.revenues.externalId, `order_${orderId(9001)}_refund`));
    expect(refund).toMatchObject({ amount: '-55.00', provenance: 'webhook' });
    // The correction is public: the ledger tells the old and the new amount.
    // In chain order: without ORDER BY, PostgreSQL answers in heap order, which reuses freed space.
    const ledger = await admin.server.db
      .select()
      .from(schema.revenueLedger)
      .orderBy(asc(schema.revenueLedger.id));
    expect(
      ledger.filter((line) => line.revenueId === refund?.id && line.field === 'amount').at(-1),
    ).toMatchObject({
      oldValue: '-22.00',
      newValue: '-55.00',
    });
  });

  it('takes a signed event the SDK does not know, adding nothing', async () => {
    const before = await totalRevenue();
    const response = await deliver('subscription.cycled', { id: orderId(9003) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ recorded: true, added: 0 });
    expect(await totalRevenue()).toBe(before);
  });

  it('refuses a bad or missing signature with 400, storing nothing', async () => {
    const order: PolarOrderSpec = {
      id: orderId(9002),
      currency: 'usd',
      totalAmount: 100_000,
      createdAt: new Date().toISOString(),
    };
    const before = await totalRevenue();
    expect(
      (await deliverOrder('order.paid', order, { secret: 'polar_whs_another_endpoint' })).statusCode,
    ).toBe(400);
    expect((await deliver('order.paid', polarOrder(order), { unsigned: true })).statusCode).toBe(400);
    expect(await totalRevenue()).toBe(before);
  });

  it('syncs a new order after a 429 and a 5xx, counting nothing twice', async () => {
    polar.orders.push({
      id: orderId(9004),
      currency: 'usd',
      totalAmount: 4_321,
      createdAt: new Date().toISOString(),
    });
    polar.failNext(429, 1, 1);
    polar.failNext(503, 1);
    const before = (await connection())?.lastSyncedAt;
    expect((await admin.call('POST', '/api/admin/connections/polar/sync')).statusCode).toBe(202);
    await waitFor('the sync after the rate limit', async () => {
      const current = await connection();
      return current?.status === 'ok' && current.lastSyncedAt !== before;
    });
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
  });

  it('flags a revoked token', async () => {
    polar.keys.set(KEY, 'revoked');
    await admin.call('POST', '/api/admin/connections/polar/sync');
    await waitFor('the rejected token', async () => (await connection())?.status === 'key-rejected');
    expect((await connection())?.lastError).toContain('revoked');
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
  });
});
