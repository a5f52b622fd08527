/**
 * Webhooks move MRR at once (docs/decisions/077-provider-connections.md, "Subscription periods"): per
 * provider, a signed event of a paid subscription invoice stores its period as the sync would, a
 * redelivery changes nothing, the next sync agrees; a refund in full removes the period, a partial one
 * keeps it; and every entry, synced or from a webhook, names its product and price (decision 082).
 * Against the stand-ins, with each provider's published payload shapes. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { schema } from '@journey/db';
import {
  paddleAdjustmentObject,
  polarWebhookHeaders,
  stripeInvoiceObject,
  stripePriceObject,
  type PaddleAdjustment,
  type StripeTransaction,
} from '@journey/testing';
import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type AdminServer } from './helpers';
import { waitFor } from './support/http';
import {
  connectionOf,
  lemonSqueezyDelivery,
  lemonSqueezyInvoiceObject,
  lemonSqueezySubscriptionObject,
  lemonSqueezyVariantObject,
  movableClock,
  paddleDelivery,
  paddleSubscriptionTransactionObject,
  polarSubscriptionOrderObject,
  storedPeriods,
  useLemonSqueezyBillingStandIn,
  usePaddleBillingStandIn,
  usePolarBillingStandIn,
  useStripeBillingStandIn,
  type PaddlePriceSpec,
  type PolarPlanSpec,
} from './support/stand-ins';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The periods begin an hour ago, so MRR counts them now; the sync's overlap reads them again. */
const STARTED = new Date(Date.now() - HOUR);
const ENDS = new Date(STARTED.getTime() + 30 * DAY);
const MONTH = STARTED.toISOString().slice(0, 7);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The stored periods' line ids, in a fixed order. */
const periodIds = async (admin: AdminServer) =>
  (
    await admin.server.db
      .select({ externalId: schema.subscriptionPeriods.externalId })
      .from(schema.subscriptionPeriods)
      .orderBy(asc(schema.subscriptionPeriods.externalId))
  ).map((row) => row.externalId);

const metrics = async (admin: AdminServer) => {
  const response = await call(admin.server.app, 'GET', '/api/revenue/metrics');
  expect(response.statusCode).toBe(200);
  return response.json() as {
    mrr: string | null;
    movements: { month: string; new: string; churn: string }[] | null;
  };
};

/** This month's movement: a period refunded in full was never billed, so it leaves no churn behind. */
const movementOf = async (admin: AdminServer) =>
  (await metrics(admin)).movements?.find((movement) => movement.month === MONTH);

/** What a stored entry was for: the product and price its provider named. */
async function labelOf(admin: AdminServer, externalId: string) {
  const [row] = await admin.server.db
    .select({
      productId: schema.revenues.productId,
      priceId: schema.revenues.priceId,
      provenance: schema.revenues.provenance,
    })
    .from(schema.revenues)
    .where(eq(schema.revenues.externalId, externalId));
  return row;
}

/** Only `kept`, the $50 subscription, has a period, and it is all of MRR. */
async function expectOnly(admin: AdminServer, kept: string) {
  expect(await periodIds(admin)).toEqual([kept]);
  expect((await metrics(admin)).mrr).toBe('50.00');
}

/**
 * After a refund in full of the $20 subscription: only `kept` is left, this month's movements show no
 * churn (the period was never billed: its new business is gone), and the next sync agrees.
 */
async function expectRefundedAway(admin: AdminServer, provider: string, kept: string) {
  await expectOnly(admin, kept);
  expect(await movementOf(admin)).toMatchObject({ new: '50.00', churn: '0.00' });
  await syncAgain(admin, provider);
  await expectOnly(admin, kept);
}

/** Connects `provider` and waits for its first sync to end well. */
async function connect(admin: AdminServer, provider: string, apiKey: string, webhookSecret: string) {
  const response = await admin.call('PUT', `/api/admin/connections/${provider}`, { apiKey, webhookSecret });
  expect(response.statusCode, response.body).toBe(200);
  await waitFor('the first sync', async () => (await connectionOf(admin, provider))?.status === 'ok');
}

/**
 * The test that the next sync agrees with what the webhooks stored: the same periods (the invoices read
 * again within its overlap), and no entry twice.
 */
function itAgreesAtTheNextSync(admin: AdminServer, provider: string, entries: number) {
  it('agrees at the next sync: the same periods, nothing added twice', async () => {
    const before = await storedPeriods(admin);
    await syncAgain(admin, provider);
    expect(await storedPeriods(admin)).toEqual(before);
    expect(await admin.server.db.select().from(schema.revenues)).toHaveLength(entries);
  });
}

/** Runs a sync now and waits for it to end. */
async function syncAgain(admin: AdminServer, provider: string) {
  const before = (await connectionOf(admin, provider))?.lastSyncedAt;
  expect((await admin.call('POST', `/api/admin/connections/${provider}/sync`)).statusCode).toBe(202);
  await waitFor('the sync', async () => {
    const connection = await connectionOf(admin, provider);
    return connection?.status === 'ok' && connection.lastSyncedAt !== before;
  });
}

describe('Stripe', () => {
  const KEY = 'rk_test_webhook_periods_0001';
  const SECRET = 'whsec_webhook_periods_secret';
  /** The server's clock, moved on to reach the daily full read of the invoices. */
  const clock = movableClock();
  const started = useStripeBillingStandIn({ [KEY]: 'read-only' }, { syncRetryBaseMs: 200, now: clock.now });
  const { admin, billing } = started;

  const invoice = (id: string, customer: string, price: string, product: string, amount: number) =>
    stripeInvoiceObject({
      id: `in_${id}`,
      customer,
      subscription: `sub_${id}`,
      created: seconds(STARTED),
      currency: 'usd',
      paymentIntent: `pi_${id}`,
      lines: [{ id: `il_${id}`, price, product, amount, start: seconds(STARTED), end: seconds(ENDS) }],
    });
  /** The balance transaction of `customer`'s payment, by its payment intent. */
  const payment = (customer: string, amount: number, created = new Date()): StripeTransaction => ({
    id: `txn_${customer}`,
    type: 'charge',
    amount,
    currency: 'usd',
    created: seconds(created),
    source: { id: `ch_${customer}`, amount, currency: 'usd', paymentIntent: `pi_${customer}` },
  });
  /** A refund of `customer`'s payment, and Stripe's event for it: `charged` is what the charge was. */
  function refund(customer: string, amount: number, charged: number) {
    const id = `re_${customer}`;
    started.stripe.transactions.push({
      id: `txn_${id}`,
      type: 'refund',
      amount: -amount,
      currency: 'usd',
      created: seconds(new Date()),
      source: { id, amount, currency: 'usd', paymentIntent: `pi_${customer}`, charge: `ch_${customer}` },
    });
    return event(`evt_${id}`, 'charge.refunded', {
      id: `ch_${customer}`,
      object: 'charge',
      amount: charged,
      amount_refunded: amount,
      refunded: amount === charged,
      payment_intent: `pi_${customer}`,
      refunds: { object: 'list', data: [{ id, object: 'refund', balance_transaction: `txn_${id}` }] },
    });
  }

  /** An invoice as an event carries it: without `payments`, which only an expansion gives. */
  const asSent = ({ payments: _payments, ...object }: Record<string, unknown>) => object;

  function event(id: string, type: string, object: Record<string, unknown>) {
    return JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-10-29.clover',
      created: seconds(new Date()),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
  }
  const deliver = (payload: string) =>
    admin.server.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      },
      payload,
    });

  beforeAll(() => {
    const monthly = (id: string, product: string, unitAmount: number) =>
      stripePriceObject({ id, product, unitAmount, currency: 'usd', interval: 'month' });
    billing.prices.push(monthly('price_basic', 'prod_app', 2000), monthly('price_team', 'prod_team', 5000));
    // Before the connection: B's and C's invoices, paid by the charges the revenue sync reads.
    billing.invoices.push(
      invoice('b', 'cus_b', 'price_team', 'prod_team', 5000),
      invoice('c', 'cus_c', 'price_basic', 'prod_app', 2000),
    );
    started.stripe.transactions.push(payment('b', 5000, STARTED), payment('c', 2000, STARTED));
  });

  it('syncs payments with their invoice’s product and price, and their periods', async () => {
    await connect(admin, 'stripe', KEY, SECRET);
    expect(await periodIds(admin)).toEqual(['il_b', 'il_c']);
    expect(await labelOf(admin, 'ch_b')).toEqual({
      productId: 'prod_team',
      priceId: 'price_team',
      provenance: 'sync',
    });
    expect((await metrics(admin)).mrr).toBe('70.00');
  });

  it('stores the period of a paid invoice’s event once, and MRR moves at once', async () => {
    billing.invoices.push(invoice('a', 'cus_a', 'price_basic', 'prod_app', 2000));
    const paid = event(
      'evt_paid_a',
      'invoice.paid',
      asSent(invoice('a', 'cus_a', 'price_basic', 'prod_app', 2000)),
    );
    const first = await deliver(paid);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ recorded: true, periods: 1 });
    expect(await periodIds(admin)).toEqual(['il_a', 'il_b', 'il_c']);
    expect((await metrics(admin)).mrr).toBe('90.00');

    // The same event again, and the other event Stripe sends for the same payment: nothing new.
    expect((await deliver(paid)).json()).toMatchObject({ recorded: false });
    const succeeded = event(
      'evt_succeeded_a',
      'invoice.payment_succeeded',
      asSent(invoice('a', 'cus_a', 'price_basic', 'prod_app', 2000)),
    );
    expect((await deliver(succeeded)).json()).toMatchObject({ recorded: true, periods: 0 });

    // The payment's own event: its entry names the invoice's product and price.
    started.stripe.transactions.push(payment('a', 2000));
    const charge = event('evt_charge_a', 'charge.succeeded', {
      id: 'ch_a',
      object: 'charge',
      amount: 2000,
      currency: 'usd',
      balance_transaction: 'txn_a',
      payment_intent: 'pi_a',
    });
    expect((await deliver(charge)).json()).toMatchObject({ recorded: true, added: 1 });
    expect(await labelOf(admin, 'ch_a')).toEqual({
      productId: 'prod_app',
      priceId: 'price_basic',
      provenance: 'webhook',
    });
  });

  itAgreesAtTheNextSync(admin, 'stripe', 3);

  it('keeps the period of a partial refund, and removes that of a refund in full, as the next sync does', async () => {
    // B gets $10 of $50 back: a credit, not a change of price.
    const partial = await deliver(refund('b', 1000, 5000));
    expect(partial.json()).toMatchObject({ recorded: true, added: 1, periods: 0 });
    expect(await labelOf(admin, 're_b')).toMatchObject({ productId: 'prod_team', priceId: 'price_team' });

    // A gets all of it back: the invoice paid for nothing, and its period goes.
    const full = await deliver(refund('a', 2000, 2000));
    expect(full.json()).toMatchObject({ recorded: true, added: 1, periods: 1 });
    expect(await periodIds(admin)).toEqual(['il_b', 'il_c']);
    expect((await metrics(admin)).mrr).toBe('70.00');
    expect(await movementOf(admin)).toMatchObject({ new: '70.00', churn: '0.00' });

    // C is refunded in full with no webhook: the sync finds the invoice, older than its window, by the refund.
    refund('c', 2000, 2000);
    await syncAgain(admin, 'stripe');
    await expectOnly(admin, 'il_b');

    // A day later the sync reads every paid invoice again: the refunded ones stay without a period.
    clock.offsetMs = 25 * HOUR;
    await syncAgain(admin, 'stripe');
    expect(
      started.stripe.requests.filter((line) => line.startsWith('GET /v1/invoices?')).at(-1),
    ).not.toContain('created');
    await expectOnly(admin, 'il_b');
  });
});

describe('Paddle', () => {
  const KEY = 'pdl_sdbx_apikey_webhook_periods_0001';
  const SECRET = 'pdl_ntfset_webhook_periods_0002';
  const started = usePaddleBillingStandIn({ [KEY]: 'read-only' }, { syncRetryBaseMs: 200 });
  const { admin, billing } = started;
  const basic: PaddlePriceSpec = {
    id: 'pri_basic',
    productId: 'pro_app',
    unitPrice: 2000,
    interval: 'month',
  };
  const team: PaddlePriceSpec = { id: 'pri_team', productId: 'pro_team', unitPrice: 5000, interval: 'month' };
  const id = (prefix: string, index: number) => `${prefix}_01${String(index).padStart(24, '0')}`;

  const transaction = (index: number, customer: string, price: PaddlePriceSpec) =>
    paddleSubscriptionTransactionObject({
      id: id('txn', index),
      customerId: `ctm_${customer}`,
      subscriptionId: `sub_${customer}`,
      currency: 'USD',
      createdAt: STARTED.toISOString(),
      billingPeriod: { startsAt: STARTED.toISOString(), endsAt: ENDS.toISOString() },
      lines: [{ id: `txnitm_${customer}`, price, subtotal: price.unitPrice }],
    });

  const deliver = (eventType: string, data: object, eventId: string) =>
    admin.server.app.inject(paddleDelivery(SECRET, eventType, data, eventId));

  /** A refund Paddle approved, as its list and its events send it. */
  const refund = (index: number, transactionId: string, total: number, type: 'full' | 'partial') => {
    const adjustment: PaddleAdjustment = {
      id: id('adj', index),
      transactionId,
      action: 'refund',
      type,
      currency: 'USD',
      total,
      payoutTotal: total,
      createdAt: new Date().toISOString(),
    };
    started.paddle.adjustments.push(adjustment);
    return adjustment;
  };

  /** What Paddle's transaction says after an approved refund: its adjusted totals, and its change. */
  function refunded(transactionId: string, left: number) {
    const object = billing.transactions.find((candidate) => candidate.id === transactionId);
    if (!object) throw new Error(`${transactionId} is in the stand-in`);
    const details = object.details as { totals: Record<string, string> };
    const total = String(left);
    Object.assign(object, {
      updated_at: new Date().toISOString(),
      details: {
        ...details,
        adjusted_totals: { ...details.totals, subtotal: total, tax: '0', total, grand_total: total },
      },
    });
  }

  beforeAll(() => {
    billing.transactions.push(transaction(1, 'b', team));
  });

  it('syncs a payment with its line’s product and price, and its period', async () => {
    await connect(admin, 'paddle', KEY, SECRET);
    expect(await periodIds(admin)).toEqual(['txnitm_b']);
    expect(await labelOf(admin, id('txn', 1))).toEqual({
      productId: 'pro_team',
      priceId: 'pri_team',
      provenance: 'sync',
    });
    expect((await metrics(admin)).mrr).toBe('50.00');
  });

  it('stores the period of a completed transaction’s event once, and MRR moves at once', async () => {
    const completed = transaction(2, 'a', basic);
    billing.transactions.push(completed);
    const first = await deliver('transaction.completed', completed, 'evt_01completed');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ recorded: true, added: 1, periods: 1 });
    expect(await periodIds(admin)).toEqual(['txnitm_a', 'txnitm_b']);
    expect((await metrics(admin)).mrr).toBe('70.00');
    expect(await labelOf(admin, id('txn', 2))).toEqual({
      productId: 'pro_app',
      priceId: 'pri_basic',
      provenance: 'webhook',
    });
    expect((await deliver('transaction.completed', completed, 'evt_01completed')).json()).toMatchObject({
      recorded: false,
    });
  });

  itAgreesAtTheNextSync(admin, 'paddle', 2);

  it('keeps the period of a partial refund, and removes that of a refund in full, as the next sync does', async () => {
    const partial = refund(1, id('txn', 1), 1000, 'partial');
    refunded(id('txn', 1), 4000);
    const kept = await deliver('adjustment.updated', paddleAdjustmentObject(partial), 'evt_01partial');
    expect(kept.json()).toMatchObject({ recorded: true, added: 1, periods: 0 });
    expect(await labelOf(admin, partial.id)).toMatchObject({ productId: 'pro_team', priceId: 'pri_team' });

    const full = refund(2, id('txn', 2), 2000, 'full');
    refunded(id('txn', 2), 0);
    const removed = await deliver('adjustment.updated', paddleAdjustmentObject(full), 'evt_01full');
    expect(removed.json()).toMatchObject({ recorded: true, added: 1, periods: 1 });
    await expectRefundedAway(admin, 'paddle', 'txnitm_b');
  });
});

describe('Lemon Squeezy', () => {
  const KEY = 'ls_webhook_periods_key_0001';
  const SECRET = 'ls-webhook-periods-secret';
  const started = useLemonSqueezyBillingStandIn({ [KEY]: 'valid' }, { syncRetryBaseMs: 200 });
  const { admin, billing } = started;

  const invoice = (id: string, subscriptionId: number, customerId: number, subtotal: number, extra = {}) =>
    lemonSqueezyInvoiceObject({
      id,
      subscriptionId,
      customerId,
      billingReason: 'renewal',
      currency: 'USD',
      subtotal,
      createdAt: STARTED.toISOString(),
      ...extra,
    });

  const deliver = (eventName: string, data: object) =>
    admin.server.app.inject(lemonSqueezyDelivery(SECRET, eventName, data));

  beforeAll(() => {
    billing.variants.push(
      lemonSqueezyVariantObject({ id: 11, productId: 1, price: 2000, interval: 'month' }),
      lemonSqueezyVariantObject({ id: 12, productId: 2, price: 5000, interval: 'month' }),
    );
    billing.subscriptions.push(
      lemonSqueezySubscriptionObject({ id: 101, customerId: 1, productId: 1, variantId: 11 }),
      lemonSqueezySubscriptionObject({ id: 102, customerId: 2, productId: 2, variantId: 12 }),
    );
    billing.invoices.push(invoice('2001', 102, 2, 5000));
    // An order names its product and variant in its first item.
    started.lemonSqueezy.payments.push({
      kind: 'order',
      id: '9001',
      currency: 'USD',
      total: 1500,
      totalUsd: 1500,
      createdAt: STARTED.toISOString(),
    });
  });

  it('syncs orders and invoices with their product and variant, and the invoices’ periods', async () => {
    await connect(admin, 'lemonsqueezy', KEY, SECRET);
    expect(await periodIds(admin)).toEqual(['invoice_2001']);
    expect(await labelOf(admin, 'invoice_2001')).toEqual({
      productId: '2',
      priceId: '12',
      provenance: 'sync',
    });
    expect(await labelOf(admin, 'order_9001')).toEqual({ productId: '1', priceId: '1', provenance: 'sync' });
    expect((await metrics(admin)).mrr).toBe('50.00');
  });

  it('stores the period of a subscription payment’s event once, and MRR moves at once', async () => {
    const paid = invoice('1001', 101, 1, 2000);
    billing.invoices.push(paid);
    const first = await deliver('subscription_payment_success', paid);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ recorded: true, added: 1, periods: 1 });
    expect(await periodIds(admin)).toEqual(['invoice_1001', 'invoice_2001']);
    expect((await metrics(admin)).mrr).toBe('70.00');
    expect(await labelOf(admin, 'invoice_1001')).toEqual({
      productId: '1',
      priceId: '11',
      provenance: 'webhook',
    });
    // A redelivery repeats the same bytes.
    expect((await deliver('subscription_payment_success', paid)).json()).toMatchObject({ recorded: false });
  });

  itAgreesAtTheNextSync(admin, 'lemonsqueezy', 3);

  it('removes the period of an invoice refunded in full, as the next sync does', async () => {
    const refunded = invoice('1001', 101, 1, 2000, { status: 'refunded' });
    billing.invoices.splice(
      billing.invoices.findIndex((object) => object.id === '1001'),
      1,
      refunded,
    );
    const response = await deliver('subscription_payment_refunded', refunded);
    expect(response.json()).toMatchObject({ recorded: true, added: 1, periods: 1 });
    expect(await labelOf(admin, 'invoice_1001_refund')).toMatchObject({ productId: '1', priceId: '11' });
    await expectRefundedAway(admin, 'lemonsqueezy', 'invoice_2001');
  });
});

describe('Polar', () => {
  const TOKEN = 'polar_oat_webhook_periods_0001';
  const SECRET = 'polar_whs_webhook_periods_secret';
  const started = usePolarBillingStandIn({ [TOKEN]: 'valid' }, { syncRetryBaseMs: 200 });
  const { admin, billing } = started;
  const basic: PolarPlanSpec = { productId: 'prod-basic', priceId: 'price-basic', interval: 'month' };
  const team: PolarPlanSpec = { productId: 'prod-team', priceId: 'price-team', interval: 'month' };
  const uuid = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

  const order = (index: number, customer: string, plan: PolarPlanSpec, subtotal: number, extra = {}) =>
    polarSubscriptionOrderObject({
      id: uuid(index),
      customerId: `cus-${customer}`,
      subscriptionId: `sub-${customer}`,
      plan,
      billingReason: 'subscription_cycle',
      currency: 'usd',
      subtotal,
      createdAt: STARTED.toISOString(),
      subscription: {
        amount: subtotal,
        currentPeriodStart: STARTED.toISOString(),
        currentPeriodEnd: ENDS.toISOString(),
      },
      ...extra,
    });

  function deliver(type: string, data: object, id: string) {
    const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
    return admin.server.app.inject({
      method: 'POST',
      url: '/api/webhooks/polar',
      headers: { 'content-type': 'application/json', ...polarWebhookHeaders(payload, SECRET, { id }) },
      payload,
    });
  }

  beforeAll(() => {
    billing.orders.push(order(1, 'b', team, 5000));
  });

  it('syncs an order with its product and price, and its period', async () => {
    await connect(admin, 'polar', TOKEN, SECRET);
    expect(await periodIds(admin)).toEqual([`order_${uuid(1)}`]);
    expect(await labelOf(admin, `order_${uuid(1)}`)).toEqual({
      productId: 'prod-team',
      priceId: 'price-team',
      provenance: 'sync',
    });
    expect((await metrics(admin)).mrr).toBe('50.00');
  });

  it('stores the period of a paid order’s event once, and MRR moves at once', async () => {
    const paid = order(2, 'a', basic, 2000);
    billing.orders.push(paid);
    const first = await deliver('order.paid', paid, 'msg-order-paid');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ recorded: true, added: 1, periods: 1 });
    expect(await periodIds(admin)).toEqual([`order_${uuid(1)}`, `order_${uuid(2)}`]);
    expect((await metrics(admin)).mrr).toBe('70.00');
    expect(await labelOf(admin, `order_${uuid(2)}`)).toEqual({
      productId: 'prod-basic',
      priceId: 'price-basic',
      provenance: 'webhook',
    });
    expect((await deliver('order.paid', paid, 'msg-order-paid')).json()).toMatchObject({ recorded: false });
    // The order's other event: the same period, nothing new.
    expect((await deliver('order.created', paid, 'msg-order-created')).json()).toMatchObject({
      recorded: true,
      added: 0,
      periods: 0,
    });
  });

  itAgreesAtTheNextSync(admin, 'polar', 2);

  it('removes the period of an order refunded in full, as the next sync does', async () => {
    const refunded = order(2, 'a', basic, 2000, { status: 'refunded' });
    billing.orders.splice(
      billing.orders.findIndex((object) => object.id === uuid(2)),
      1,
      refunded,
    );
    const response = await deliver('order.refunded', refunded, 'msg-order-refunded');
    expect(response.json()).toMatchObject({ recorded: true, added: 1, periods: 1 });
    expect(await labelOf(admin, `order_${uuid(2)}_refund`)).toMatchObject({
      productId: 'prod-basic',
      priceId: 'price-basic',
    });
    await expectRefundedAway(admin, 'polar', `order_${uuid(1)}`);
  });
});
