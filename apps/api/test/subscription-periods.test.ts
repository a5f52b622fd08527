/**
 * Subscription periods read by the sync (docs/decisions/077-provider-connections.md, "Subscription
 * periods"): per provider, a stand-in billing history with a monthly plan, a yearly plan, a coupon, a
 * trial, a plan change and a cancellation, and the rows stored for it, exactly. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addInterval, collectPeriod, emptyPeriodsRead } from '../src/features/connections/periods';
import { waitFor } from './support/http';
import {
  connectionOf,
  lemonSqueezyInvoiceObject,
  lemonSqueezySubscriptionObject,
  lemonSqueezyVariantObject,
  movableClock,
  paddleSubscriptionTransactionObject,
  polarSubscriptionOrderObject,
  storedPeriods,
  useLemonSqueezyBillingStandIn,
  usePaddleBillingStandIn,
  usePolarBillingStandIn,
  useStripeBillingStandIn,
  type PaddleLineSpec,
  type PaddlePriceSpec,
  type PolarPlanSpec,
} from './support/stand-ins';
import { polarOrder, stripeInvoiceObject, stripePriceObject } from '@journey/testing';

const seconds = (iso: string) => Date.parse(iso) / 1000;
const date = (iso: string) => new Date(iso);

describe('Stripe', () => {
  const READ_ONLY = 'rk_test_periods_read_only_0001';
  const NO_BILLING = 'rk_test_periods_no_billing_0002';
  const started = useStripeBillingStandIn(
    { [READ_ONLY]: 'read-only', [NO_BILLING]: 'read-only' },
    { syncRetryBaseMs: 200 },
  );
  const { admin, billing } = started;

  beforeAll(() => {
    billing.withoutBilling.add(NO_BILLING);
    started.stripe.transactions.push({
      id: 'txn_periods_1',
      type: 'charge',
      amount: 2000,
      currency: 'usd',
      created: seconds('2026-01-15T00:00:00Z'),
      source: { id: 'ch_periods_1', amount: 2000, currency: 'usd' },
    });
    billing.prices.push(
      stripePriceObject({
        id: 'price_basic',
        product: 'prod_app',
        unitAmount: 2000,
        currency: 'usd',
        interval: 'month',
      }),
      stripePriceObject({
        id: 'price_pro',
        product: 'prod_app',
        unitAmount: 5000,
        currency: 'usd',
        interval: 'month',
      }),
      stripePriceObject({
        id: 'price_yearly',
        product: 'prod_app',
        unitAmount: 20000,
        currency: 'usd',
        interval: 'year',
      }),
      stripePriceObject({
        id: 'price_eur_quarter',
        product: 'prod_app',
        unitAmount: 1190,
        currency: 'eur',
        interval: 'month',
        intervalCount: 3,
      }),
    );
    const line = (id: string, price: string, amount: number, start: string, end: string) => ({
      id,
      price,
      product: 'prod_app',
      amount,
      start: seconds(start),
      end: seconds(end),
    });
    billing.invoices.push(
      // A: a 14-day trial on the monthly plan, two paid months, then cancelled (no invoice after).
      stripeInvoiceObject({
        id: 'in_a_trial',
        customer: 'cus_a',
        subscription: 'sub_a',
        created: seconds('2026-01-01T00:00:00Z'),
        currency: 'usd',
        lines: [line('il_a_trial', 'price_basic', 0, '2026-01-01T00:00:00Z', '2026-01-15T00:00:00Z')],
      }),
      stripeInvoiceObject({
        id: 'in_a_1',
        customer: 'cus_a',
        subscription: 'sub_a',
        created: seconds('2026-01-15T00:00:00Z'),
        currency: 'usd',
        lines: [line('il_a_1', 'price_basic', 2000, '2026-01-15T00:00:00Z', '2026-02-15T00:00:00Z')],
      }),
      stripeInvoiceObject({
        id: 'in_a_2',
        customer: 'cus_a',
        subscription: 'sub_a',
        created: seconds('2026-02-15T00:00:00Z'),
        currency: 'usd',
        lines: [line('il_a_2', 'price_basic', 2000, '2026-02-15T00:00:00Z', '2026-03-15T00:00:00Z')],
      }),
      // B: the yearly plan with a 25 % coupon and tax added on top (not revenue).
      stripeInvoiceObject({
        id: 'in_b_1',
        customer: 'cus_b',
        subscription: 'sub_b',
        created: seconds('2026-01-10T00:00:00Z'),
        currency: 'usd',
        lines: [
          {
            ...line('il_b_1', 'price_yearly', 20000, '2026-01-10T00:00:00Z', '2027-01-10T00:00:00Z'),
            discounts: [5000],
            tax: { amount: 3000, behavior: 'exclusive' },
          },
        ],
      }),
      // C: two seats of the monthly plan, then a change to Pro mid-month, and Pro renewed.
      stripeInvoiceObject({
        id: 'in_c_1',
        customer: 'cus_c',
        subscription: 'sub_c',
        created: seconds('2026-02-01T00:00:00Z'),
        currency: 'usd',
        lines: [
          {
            ...line('il_c_1', 'price_basic', 4000, '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z'),
            quantity: 2,
          },
        ],
      }),
      stripeInvoiceObject({
        id: 'in_c_change',
        customer: 'cus_c',
        subscription: 'sub_c',
        created: seconds('2026-02-15T00:00:00Z'),
        currency: 'usd',
        lines: [
          {
            ...line('il_c_unused', 'price_basic', -2000, '2026-02-15T00:00:00Z', '2026-03-01T00:00:00Z'),
            quantity: 2,
            proration: true,
          },
          {
            ...line('il_c_pro', 'price_pro', 5000, '2026-02-15T00:00:00Z', '2026-03-01T00:00:00Z'),
            quantity: 2,
            proration: true,
            asInvoiceItem: true,
          },
        ],
      }),
      stripeInvoiceObject({
        id: 'in_c_2',
        customer: 'cus_c',
        subscription: 'sub_c',
        created: seconds('2026-03-01T00:00:00Z'),
        currency: 'usd',
        lines: [
          {
            ...line('il_c_2', 'price_pro', 10000, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'),
            quantity: 2,
          },
          // A one-off item on the same invoice: revenue, but no period.
          {
            ...line('il_c_setup', 'price_basic', 900, '2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z'),
            oneOff: true,
          },
        ],
      }),
      // D: quarterly in euros at a tax-inclusive price: 11.90 of which 1.90 VAT.
      stripeInvoiceObject({
        id: 'in_d_1',
        customer: 'cus_d',
        subscription: 'sub_d',
        created: seconds('2026-03-05T00:00:00Z'),
        currency: 'eur',
        lines: [
          {
            ...line('il_d_1', 'price_eur_quarter', 1190, '2026-03-05T00:00:00Z', '2026-06-05T00:00:00Z'),
            tax: { amount: 190, behavior: 'inclusive' },
          },
        ],
      }),
      // Not paid: no period.
      stripeInvoiceObject({
        id: 'in_e_open',
        customer: 'cus_e',
        subscription: 'sub_e',
        created: seconds('2026-03-06T00:00:00Z'),
        currency: 'usd',
        status: 'open',
        lines: [line('il_e_open', 'price_basic', 2000, '2026-03-06T00:00:00Z', '2026-04-06T00:00:00Z')],
      }),
    );
  });

  const usd = { currency: 'USD', productId: 'prod_app', intervalUnit: 'month', intervalCount: 1 } as const;
  const expected = [
    {
      ...usd,
      provider: 'stripe',
      externalId: 'il_a_trial',
      subscriptionId: 'sub_a',
      customerId: 'cus_a',
      priceId: 'price_basic',
      periodStart: date('2026-01-01T00:00:00Z'),
      periodEnd: date('2026-01-15T00:00:00Z'),
      amount: '0.00',
    },
    {
      ...usd,
      provider: 'stripe',
      externalId: 'il_b_1',
      subscriptionId: 'sub_b',
      customerId: 'cus_b',
      priceId: 'price_yearly',
      periodStart: date('2026-01-10T00:00:00Z'),
      periodEnd: date('2027-01-10T00:00:00Z'),
      amount: '150.00',
      intervalUnit: 'year',
    },
    {
      ...usd,
      provider: 'stripe',
      externalId: 'il_a_1',
      subscriptionId: 'sub_a',
      customerId: 'cus_a',
      priceId: 'price_basic',
      periodStart: date('2026-01-15T00:00:00Z'),
      periodEnd: date('2026-02-15T00:00:00Z'),
      amount: '20.00',
    },
    {
      ...usd,
      provider: 'stripe',
      externalId: 'il_c_1',
      subscriptionId: 'sub_c',
      customerId: 'cus_c',
      priceId: 'price_basic',
      periodStart: date('2026-02-01T00:00:00Z'),
      periodEnd: date('2026-03-01T00:00:00Z'),
      amount: '40.00',
    },
    {
      ...usd,
      provider: 'stripe',
      externalId: 'il_a_2',
      subscriptionId: 'sub_a',
      customerId: 'cus_a',
      priceId: 'price_basic',
      periodStart: date('2026-02-15T00:00:00Z'),
      periodEnd: date('2026-03-15T00:00:00Z'),
      amount: '20.00',
    },
    // The plan change: Pro's whole month for two seats from the change on, not the prorated 50.00.
    {
      ...usd,
      provider: 'stripe',
      externalId: 'il_c_pro',
      subscriptionId: 'sub_c',
      customerId: 'cus_c',
      priceId: 'price_pro',
      periodStart: date('2026-02-15T00:00:00Z'),
      periodEnd: date('2026-03-01T00:00:00Z'),
      amount: '100.00',
    },
    {
      ...usd,
      provider: 'stripe',
      externalId: 'il_c_2',
      subscriptionId: 'sub_c',
      customerId: 'cus_c',
      priceId: 'price_pro',
      periodStart: date('2026-03-01T00:00:00Z'),
      periodEnd: date('2026-04-01T00:00:00Z'),
      amount: '100.00',
    },
    {
      provider: 'stripe',
      externalId: 'il_d_1',
      subscriptionId: 'sub_d',
      customerId: 'cus_d',
      productId: 'prod_app',
      priceId: 'price_eur_quarter',
      periodStart: date('2026-03-05T00:00:00Z'),
      periodEnd: date('2026-06-05T00:00:00Z'),
      amount: '10.00',
      currency: 'EUR',
      intervalUnit: 'month',
      intervalCount: 3,
    },
  ];

  it('asks for the invoice and price read permissions in Stripe’s key form', async () => {
    const url = new URL((await admin.call('GET', '/api/admin/connections')).json().stripeRestrictedKeyUrl);
    expect(url.searchParams.getAll('permissions[]')).toEqual(
      expect.arrayContaining(['rak_balance_read', 'rak_invoice_read', 'rak_plan_read']),
    );
  });

  it('syncs the revenue of a key that cannot read invoices, and says what it lacks', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/stripe', { apiKey: NO_BILLING });
    expect(response.statusCode, response.body).toBe(200);
    await waitFor('the sync', async () => (await connectionOf(admin, 'stripe'))?.status === 'ok');
    expect((await connectionOf(admin, 'stripe'))?.lastError).toContain('cannot read invoices and prices');
    expect((await admin.call('GET', '/api/revenue')).json().totalRevenue).toBe('20.00');
    expect(await storedPeriods(admin)).toEqual([]);
  });

  it('stores each paid subscription line as a period, with a key that can read them', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/stripe', { apiKey: READ_ONLY });
    expect(response.statusCode, response.body).toBe(200);
    await waitFor('the periods', async () => (await storedPeriods(admin)).length > 0);
    await waitFor('the sync', async () => (await connectionOf(admin, 'stripe'))?.status === 'ok');
    expect((await connectionOf(admin, 'stripe'))?.lastError).toBeNull();
    expect(await storedPeriods(admin)).toEqual(expected);
    // Paid invoices only, with the payments that paid them (a refunded one is no period), each price read once.
    expect(started.stripe.requests).toContain(
      'GET /v1/invoices?status=paid&limit=100&expand[0]=data.payments',
    );
    expect(
      started.stripe.requests.filter((line) => line.startsWith('GET /v1/prices/price_pro')),
    ).toHaveLength(1);
  });

  it('reads what was billed since the last read on the next runs, storing nothing twice', async () => {
    billing.invoices.push(
      stripeInvoiceObject({
        id: 'in_b_renewal',
        customer: 'cus_b',
        subscription: 'sub_b',
        created: Math.floor(Date.now() / 1000),
        currency: 'usd',
        lines: [
          {
            id: 'il_b_2',
            price: 'price_yearly',
            product: 'prod_app',
            amount: 20000,
            start: seconds('2027-01-10T00:00:00Z'),
            end: seconds('2028-01-10T00:00:00Z'),
          },
        ],
      }),
    );
    const before = started.stripe.requests.length;
    expect((await admin.call('POST', '/api/admin/connections/stripe/sync')).statusCode).toBe(202);
    await waitFor('the renewal', async () => (await storedPeriods(admin)).length === expected.length + 1);
    expect((await storedPeriods(admin)).at(-1)).toMatchObject({
      externalId: 'il_b_2',
      amount: '200.00',
      periodStart: date('2027-01-10T00:00:00Z'),
    });
    const invoiceReads = started.stripe.requests
      .slice(before)
      .filter((line) => line.startsWith('GET /v1/invoices'));
    expect(invoiceReads.length).toBeGreaterThan(0);
    expect(
      invoiceReads.every((line) => line.includes('created%5Bgte%5D=') || line.includes('created[gte]=')),
    ).toBe(true);
  });
});

describe('Paddle', () => {
  const READ_ONLY = 'pdl_sdbx_apikey_periods_0001';
  const started = usePaddleBillingStandIn({ [READ_ONLY]: 'read-only' }, { syncRetryBaseMs: 200 });
  const { admin, billing } = started;
  const id = (prefix: string, index: number) => `${prefix}_01${String(index).padStart(24, '0')}`;
  const monthly: PaddlePriceSpec = {
    id: 'pri_basic',
    productId: 'pro_app',
    unitPrice: 2000,
    interval: 'month',
  };
  const pro: PaddlePriceSpec = { id: 'pri_pro', productId: 'pro_app', unitPrice: 5000, interval: 'month' };
  const yearly: PaddlePriceSpec = {
    id: 'pri_yearly',
    productId: 'pro_app',
    unitPrice: 20000,
    interval: 'year',
  };
  const quarterly: PaddlePriceSpec = {
    id: 'pri_eur_quarter',
    productId: 'pro_app',
    unitPrice: 1000,
    interval: 'month',
    frequency: 3,
  };
  const setup: PaddlePriceSpec = { id: 'pri_setup', productId: 'pro_setup', unitPrice: 900, interval: null };
  const span = (startsAt: string, endsAt: string) => ({ startsAt, endsAt });

  beforeAll(() => {
    const transaction = (
      index: number,
      customerId: string,
      subscriptionId: string | null,
      billingPeriod: { startsAt: string; endsAt: string } | null,
      lines: PaddleLineSpec[],
      extra: { currency?: string; status?: 'completed' | 'billed'; origin?: string } = {},
    ) =>
      paddleSubscriptionTransactionObject({
        id: id('txn', index),
        customerId,
        subscriptionId,
        currency: extra.currency ?? 'USD',
        createdAt: billingPeriod?.startsAt ?? '2026-03-10T00:00:00.000Z',
        billingPeriod,
        lines,
        ...(extra.status ? { status: extra.status } : {}),
        ...(extra.origin ? { origin: extra.origin } : {}),
      });
    billing.transactions.push(
      // A: a trial, two paid months, then cancelled.
      transaction(
        1,
        'ctm_a',
        'sub_a',
        span('2026-01-01T00:00:00.000Z', '2026-01-15T00:00:00.000Z'),
        [{ id: 'txnitm_a_trial', price: monthly, subtotal: 0 }],
        { origin: 'web' },
      ),
      // B: yearly, a 25 % discount, tax on top.
      transaction(
        2,
        'ctm_b',
        'sub_b',
        span('2026-01-10T00:00:00.000Z', '2027-01-10T00:00:00.000Z'),
        [{ id: 'txnitm_b_1', price: yearly, subtotal: 20000, discount: 5000, tax: 3000 }],
        { origin: 'web' },
      ),
      transaction(3, 'ctm_a', 'sub_a', span('2026-01-15T00:00:00.000Z', '2026-02-15T00:00:00.000Z'), [
        { id: 'txnitm_a_1', price: monthly, subtotal: 2000, tax: 380 },
      ]),
      // C: two seats, with a one-time setup fee (no period), then a change to Pro, prorated.
      transaction(
        4,
        'ctm_c',
        'sub_c',
        span('2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
        [
          { id: 'txnitm_c_1', price: monthly, quantity: 2, subtotal: 4000 },
          { id: 'txnitm_c_setup', price: setup, subtotal: 900 },
        ],
        { origin: 'web' },
      ),
      transaction(5, 'ctm_a', 'sub_a', span('2026-02-15T00:00:00.000Z', '2026-03-15T00:00:00.000Z'), [
        { id: 'txnitm_a_2', price: monthly, subtotal: 2000 },
      ]),
      transaction(
        6,
        'ctm_c',
        'sub_c',
        span('2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
        [
          {
            id: 'txnitm_c_pro',
            price: pro,
            quantity: 2,
            subtotal: 5000,
            proration: { ...span('2026-02-15T00:00:00.000Z', '2026-03-01T00:00:00.000Z'), rate: '0.5' },
          },
        ],
        { origin: 'subscription_update' },
      ),
      transaction(7, 'ctm_c', 'sub_c', span('2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'), [
        { id: 'txnitm_c_2', price: pro, quantity: 2, subtotal: 10000 },
      ]),
      // D: quarterly in euros.
      transaction(
        8,
        'ctm_d',
        'sub_d',
        span('2026-03-05T00:00:00.000Z', '2026-06-05T00:00:00.000Z'),
        [{ id: 'txnitm_d_1', price: quarterly, subtotal: 1000, tax: 190 }],
        { currency: 'EUR', origin: 'web' },
      ),
      // Not completed yet, and a one-time purchase: no period.
      transaction(
        9,
        'ctm_e',
        'sub_e',
        span('2026-03-06T00:00:00.000Z', '2026-04-06T00:00:00.000Z'),
        [{ id: 'txnitm_e_1', price: monthly, subtotal: 2000 }],
        { status: 'billed' },
      ),
      transaction(10, 'ctm_f', null, null, [{ id: 'txnitm_f_1', price: setup, subtotal: 900 }], {
        origin: 'web',
      }),
    );
  });

  const row = (
    externalId: string,
    subscriptionId: string,
    customerId: string,
    price: PaddlePriceSpec,
    start: string,
    end: string,
    amount: string,
    currency = 'USD',
  ) => ({
    provider: 'paddle',
    externalId,
    subscriptionId,
    customerId,
    productId: 'pro_app',
    priceId: price.id,
    periodStart: date(start),
    periodEnd: date(end),
    amount,
    currency,
    intervalUnit: price.interval,
    intervalCount: price.frequency ?? 1,
  });

  it('stores each completed subscription line as a period', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/paddle', { apiKey: READ_ONLY });
    expect(response.statusCode, response.body).toBe(200);
    await waitFor('the periods', async () => (await storedPeriods(admin)).length > 0);
    await waitFor('the sync', async () => (await connectionOf(admin, 'paddle'))?.status === 'ok');
    expect((await connectionOf(admin, 'paddle'))?.lastError).toBeNull();
    expect(await storedPeriods(admin)).toEqual([
      row(
        'txnitm_a_trial',
        'sub_a',
        'ctm_a',
        monthly,
        '2026-01-01T00:00:00Z',
        '2026-01-15T00:00:00Z',
        '0.00',
      ),
      row('txnitm_b_1', 'sub_b', 'ctm_b', yearly, '2026-01-10T00:00:00Z', '2027-01-10T00:00:00Z', '150.00'),
      row('txnitm_a_1', 'sub_a', 'ctm_a', monthly, '2026-01-15T00:00:00Z', '2026-02-15T00:00:00Z', '20.00'),
      row('txnitm_c_1', 'sub_c', 'ctm_c', monthly, '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z', '40.00'),
      row('txnitm_a_2', 'sub_a', 'ctm_a', monthly, '2026-02-15T00:00:00Z', '2026-03-15T00:00:00Z', '20.00'),
      row('txnitm_c_pro', 'sub_c', 'ctm_c', pro, '2026-02-15T00:00:00Z', '2026-03-01T00:00:00Z', '100.00'),
      row('txnitm_c_2', 'sub_c', 'ctm_c', pro, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z', '100.00'),
      row(
        'txnitm_d_1',
        'sub_d',
        'ctm_d',
        quarterly,
        '2026-03-05T00:00:00Z',
        '2026-06-05T00:00:00Z',
        '10.00',
        'EUR',
      ),
    ]);
  });

  it('reads the transactions changed since the last read on the next runs', async () => {
    const now = new Date().toISOString();
    billing.transactions.push({
      ...paddleSubscriptionTransactionObject({
        id: id('txn', 11),
        customerId: 'ctm_b',
        subscriptionId: 'sub_b',
        currency: 'USD',
        createdAt: now,
        billingPeriod: span('2027-01-10T00:00:00.000Z', '2028-01-10T00:00:00.000Z'),
        lines: [{ id: 'txnitm_b_2', price: yearly, subtotal: 20000 }],
      }),
    });
    const before = started.paddle.requests.length;
    expect((await admin.call('POST', '/api/admin/connections/paddle/sync')).statusCode).toBe(202);
    await waitFor('the renewal', async () => (await storedPeriods(admin)).length === 9);
    expect((await storedPeriods(admin)).at(-1)).toMatchObject({ externalId: 'txnitm_b_2', amount: '200.00' });
    const reads = started.paddle.requests
      .slice(before)
      .filter((line) => line.startsWith('GET /transactions'));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((line) => line.includes('updated_at'))).toBe(true);
  });
});

describe('Lemon Squeezy', () => {
  const KEY = 'ls_periods_key_0001';
  /** The server's clock, moved on to reach the daily full read. */
  const clock = movableClock();
  const started = useLemonSqueezyBillingStandIn({ [KEY]: 'valid' }, { syncRetryBaseMs: 200, now: clock.now });
  const { admin, billing } = started;

  beforeAll(() => {
    billing.variants.push(
      lemonSqueezyVariantObject({
        id: 11,
        productId: 1,
        price: 2000,
        interval: 'month',
        trial: { interval: 'day', count: 14 },
      }),
      lemonSqueezyVariantObject({ id: 12, productId: 1, price: 20000, interval: 'year' }),
      lemonSqueezyVariantObject({ id: 13, productId: 1, price: 5000, interval: 'month' }),
      lemonSqueezyVariantObject({ id: 14, productId: 2, price: 1190, interval: 'month', intervalCount: 3 }),
    );
    billing.subscriptions.push(
      lemonSqueezySubscriptionObject({
        id: 101,
        customerId: 1,
        productId: 1,
        variantId: 11,
        status: 'cancelled',
      }),
      lemonSqueezySubscriptionObject({ id: 102, customerId: 2, productId: 1, variantId: 12 }),
      // Changed from variant 11 to 13: the subscription names the plan it has now.
      lemonSqueezySubscriptionObject({ id: 103, customerId: 3, productId: 1, variantId: 13 }),
      lemonSqueezySubscriptionObject({ id: 104, customerId: 4, productId: 2, variantId: 14 }),
    );
    const invoice = (
      id: string,
      subscriptionId: number,
      customerId: number,
      billingReason: 'initial' | 'renewal' | 'updated',
      createdAt: string,
      subtotal: number,
      extra: Partial<Parameters<typeof lemonSqueezyInvoiceObject>[0]> = {},
    ) =>
      lemonSqueezyInvoiceObject({
        id,
        subscriptionId,
        customerId,
        billingReason,
        currency: 'USD',
        createdAt,
        subtotal,
        ...extra,
      });
    billing.invoices.push(
      // 101: a 14-day trial, two paid months, a third refunded, then cancelled.
      invoice('1001', 101, 1, 'initial', '2026-01-01T00:00:00.000000Z', 0),
      invoice('1002', 101, 1, 'renewal', '2026-01-15T00:00:00.000000Z', 2000, { tax: 400 }),
      invoice('1003', 101, 1, 'renewal', '2026-02-15T00:00:00.000000Z', 2000),
      invoice('1004', 101, 1, 'renewal', '2026-03-15T00:00:00.000000Z', 2000, { status: 'refunded' }),
      // 102: yearly, a 25 % discount, tax on top.
      invoice('2001', 102, 2, 'initial', '2026-01-10T00:00:00.000000Z', 20000, { discount: 5000, tax: 3000 }),
      // 103: monthly, then Pro from mid-February, prorated.
      invoice('3001', 103, 3, 'initial', '2026-02-01T00:00:00.000000Z', 2000),
      invoice('3002', 103, 3, 'updated', '2026-02-15T00:00:00.000000Z', 1500),
      invoice('3003', 103, 3, 'renewal', '2026-03-01T00:00:00.000000Z', 5000),
      // 104: quarterly in euros, tax included in the price.
      invoice('4001', 104, 4, 'initial', '2026-03-05T00:00:00.000000Z', 1190, {
        currency: 'EUR',
        tax: 190,
        taxInclusive: true,
      }),
      // Not periods: a test-mode invoice and one not paid yet.
      invoice('5001', 104, 4, 'renewal', '2026-03-06T00:00:00.000000Z', 1190, { testMode: true }),
      invoice('5002', 104, 4, 'renewal', '2026-03-07T00:00:00.000000Z', 1190, { status: 'pending' }),
    );
  });

  const row = (
    id: string,
    subscriptionId: string,
    customerId: string,
    variant: { id: string; product: string; unit: 'month' | 'year'; count?: number },
    start: string,
    end: string,
    amount: string,
    currency = 'USD',
  ) => ({
    provider: 'lemonsqueezy',
    externalId: `invoice_${id}`,
    subscriptionId,
    customerId,
    productId: variant.product,
    priceId: variant.id,
    periodStart: date(start),
    periodEnd: date(end),
    amount,
    currency,
    intervalUnit: variant.unit,
    intervalCount: variant.count ?? 1,
  });
  const basic = { id: '11', product: '1', unit: 'month' } as const;
  const yearly = { id: '12', product: '1', unit: 'year' } as const;
  const pro = { id: '13', product: '1', unit: 'month' } as const;
  const quarterly = { id: '14', product: '2', unit: 'month', count: 3 } as const;

  it('stores each paid subscription invoice as a period of its variant’s interval', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/lemonsqueezy', { apiKey: KEY });
    expect(response.statusCode, response.body).toBe(200);
    await waitFor('the periods', async () => (await storedPeriods(admin)).length > 0);
    await waitFor('the sync', async () => (await connectionOf(admin, 'lemonsqueezy'))?.status === 'ok');
    expect(await storedPeriods(admin)).toEqual([
      row('1001', '101', '1', basic, '2026-01-01T00:00:00Z', '2026-01-15T00:00:00Z', '0.00'),
      row('2001', '102', '2', yearly, '2026-01-10T00:00:00Z', '2027-01-10T00:00:00Z', '150.00'),
      row('1002', '101', '1', basic, '2026-01-15T00:00:00Z', '2026-02-15T00:00:00Z', '20.00'),
      // Read with the subscription's plan of today (Lemon Squeezy's invoices name none).
      row('3001', '103', '3', pro, '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z', '20.00'),
      row('1003', '101', '1', basic, '2026-02-15T00:00:00Z', '2026-03-15T00:00:00Z', '20.00'),
      row('3002', '103', '3', pro, '2026-02-15T00:00:00Z', '2026-03-15T00:00:00Z', '50.00'),
      row('3003', '103', '3', pro, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z', '50.00'),
      row('4001', '104', '4', quarterly, '2026-03-05T00:00:00Z', '2026-06-05T00:00:00Z', '10.00', 'EUR'),
    ]);
    // Each subscription read once for the invoices' revenue entries and once for their periods.
    expect(
      started.lemonSqueezy.requests.filter((line) => line.startsWith('GET /v1/subscriptions/103')),
    ).toHaveLength(2);
    expect(
      started.lemonSqueezy.requests.filter((line) => line.startsWith('GET /v1/variants/13')),
    ).toHaveLength(1);
  });

  it('removes the period of an invoice refunded later, at the next full read', async () => {
    const refunded = billing.invoices.find((object) => object.id === '1003');
    if (!refunded) throw new Error('invoice 1003 is in the history');
    Object.assign(refunded.attributes as object, { status: 'refunded', refunded: true });
    // Incremental runs stop at the newest invoices; a day later a run reads them all.
    clock.offsetMs = 25 * 60 * 60 * 1000;
    await admin.call('POST', '/api/admin/connections/lemonsqueezy/sync');
    await waitFor(
      'the refund',
      async () => !(await storedPeriods(admin)).some((period) => period.externalId === 'invoice_1003'),
    );
    expect(await storedPeriods(admin)).toHaveLength(7);
  });
});

describe('Polar', () => {
  const TOKEN = 'polar_oat_periods_0001';
  const started = usePolarBillingStandIn({ [TOKEN]: 'valid' }, { syncRetryBaseMs: 200 });
  const { admin, billing } = started;
  const uuid = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  const basic: PolarPlanSpec = { productId: 'prod-basic', priceId: 'price-basic', interval: 'month' };
  const pro: PolarPlanSpec = { productId: 'prod-pro', priceId: 'price-pro', interval: 'month' };
  const yearly: PolarPlanSpec = { productId: 'prod-yearly', priceId: 'price-yearly', interval: 'year' };
  const quarterly: PolarPlanSpec = {
    productId: 'prod-quarterly',
    priceId: 'price-quarterly',
    interval: 'month',
    intervalCount: 3,
  };
  const subscriptions = {
    // Cancelled at the end of the period its refunded last order began.
    a: {
      amount: 2000,
      currentPeriodStart: '2026-03-15T00:00:00Z',
      currentPeriodEnd: '2026-04-15T00:00:00Z',
      status: 'canceled',
      trial: { start: '2026-01-01T00:00:00Z', end: '2026-01-15T00:00:00Z' },
    },
    b: {
      amount: 20000,
      currentPeriodStart: '2026-01-10T00:00:00Z',
      currentPeriodEnd: '2027-01-10T00:00:00Z',
    },
    c: { amount: 5000, currentPeriodStart: '2026-03-01T00:00:00Z', currentPeriodEnd: '2026-04-01T00:00:00Z' },
    d: { amount: 1000, currentPeriodStart: '2026-03-05T00:00:00Z', currentPeriodEnd: '2026-06-05T00:00:00Z' },
  } as const;

  beforeAll(() => {
    const order = (
      index: number,
      subscription: keyof typeof subscriptions,
      plan: PolarPlanSpec,
      billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
      createdAt: string,
      subtotal: number,
      extra: {
        discount?: number;
        tax?: number;
        currency?: string;
        status?: 'paid' | 'refunded' | 'pending';
      } = {},
    ) =>
      polarSubscriptionOrderObject({
        id: uuid(index),
        customerId: `cus-${subscription}`,
        subscriptionId: `sub-${subscription}`,
        plan,
        billingReason,
        currency: extra.currency ?? 'usd',
        subtotal,
        createdAt,
        subscription: subscriptions[subscription],
        ...(extra.discount ? { discount: extra.discount } : {}),
        ...(extra.tax ? { tax: extra.tax } : {}),
        ...(extra.status ? { status: extra.status } : {}),
      });
    billing.orders.push(
      order(1, 'a', basic, 'subscription_create', '2026-01-01T00:00:00Z', 0),
      order(2, 'b', yearly, 'subscription_create', '2026-01-10T00:00:00Z', 20000, {
        discount: 5000,
        tax: 3000,
      }),
      order(3, 'a', basic, 'subscription_cycle', '2026-01-15T00:00:00Z', 2000, { tax: 400 }),
      order(4, 'c', basic, 'subscription_create', '2026-02-01T00:00:00Z', 2000),
      order(5, 'a', basic, 'subscription_cycle', '2026-02-15T00:00:00Z', 2000),
      order(6, 'c', pro, 'subscription_update', '2026-02-15T00:00:00Z', 1500),
      order(7, 'c', pro, 'subscription_cycle', '2026-03-01T00:00:00Z', 5000),
      order(8, 'd', quarterly, 'subscription_create', '2026-03-05T00:00:00Z', 1000, {
        currency: 'eur',
        tax: 190,
      }),
      // Refunded, not paid yet, and a one-time purchase: no period.
      order(9, 'a', basic, 'subscription_cycle', '2026-03-15T00:00:00Z', 2000, { status: 'refunded' }),
      order(10, 'd', quarterly, 'subscription_cycle', '2026-03-16T00:00:00Z', 1000, { status: 'pending' }),
      polarOrder({ id: uuid(11), currency: 'usd', totalAmount: 900, createdAt: '2026-03-17T00:00:00Z' }),
    );
  });

  const row = (
    index: number,
    subscription: string,
    plan: PolarPlanSpec,
    start: string,
    end: string,
    amount: string,
    currency = 'USD',
  ) => ({
    provider: 'polar',
    externalId: `order_${uuid(index)}`,
    subscriptionId: `sub-${subscription}`,
    customerId: `cus-${subscription}`,
    productId: plan.productId,
    priceId: plan.priceId,
    periodStart: date(start),
    periodEnd: date(end),
    amount,
    currency,
    intervalUnit: plan.interval,
    intervalCount: plan.intervalCount ?? 1,
  });

  it('stores each paid subscription order as a period', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/polar', { apiKey: TOKEN });
    expect(response.statusCode, response.body).toBe(200);
    await waitFor('the periods', async () => (await storedPeriods(admin)).length > 0);
    await waitFor('the sync', async () => (await connectionOf(admin, 'polar'))?.status === 'ok');
    expect(await storedPeriods(admin)).toEqual([
      row(1, 'a', basic, '2026-01-01T00:00:00Z', '2026-01-15T00:00:00Z', '0.00'),
      row(2, 'b', yearly, '2026-01-10T00:00:00Z', '2027-01-10T00:00:00Z', '150.00'),
      row(3, 'a', basic, '2026-01-15T00:00:00Z', '2026-02-15T00:00:00Z', '20.00'),
      row(4, 'c', basic, '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z', '20.00'),
      row(5, 'a', basic, '2026-02-15T00:00:00Z', '2026-03-15T00:00:00Z', '20.00'),
      // The plan change: Pro's whole month from the change, until the next cycle began.
      row(6, 'c', pro, '2026-02-15T00:00:00Z', '2026-03-01T00:00:00Z', '50.00'),
      row(7, 'c', pro, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z', '50.00'),
      row(8, 'd', quarterly, '2026-03-05T00:00:00Z', '2026-06-05T00:00:00Z', '10.00', 'EUR'),
    ]);
  });
});

describe('a period’s end', () => {
  it('is the same day of the month an interval later, or the month’s last day', () => {
    const end = (start: string, unit: 'day' | 'week' | 'month' | 'year', count: number) =>
      addInterval(date(start), unit, count).toISOString();
    expect(end('2026-01-31T10:00:00.000Z', 'month', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(end('2028-01-31T00:00:00.000Z', 'month', 1)).toBe('2028-02-29T00:00:00.000Z');
    expect(end('2026-11-15T00:00:00.000Z', 'month', 3)).toBe('2027-02-15T00:00:00.000Z');
    expect(end('2028-02-29T00:00:00.000Z', 'year', 1)).toBe('2029-02-28T00:00:00.000Z');
    expect(end('2026-12-28T00:00:00.000Z', 'week', 2)).toBe('2027-01-11T00:00:00.000Z');
    expect(end('2026-12-31T00:00:00.000Z', 'day', 1)).toBe('2027-01-01T00:00:00.000Z');
  });

  it('sets aside a line the table would refuse, so its batch is stored', () => {
    const read = emptyPeriodsRead();
    const period = {
      externalId: 'line_1',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      productId: null,
      priceId: null,
      periodStart: date('2026-01-01T00:00:00Z'),
      periodEnd: date('2026-02-01T00:00:00Z'),
      amount: '20.00',
      currency: 'USD',
      intervalUnit: 'month',
      intervalCount: 1,
    } as const;
    collectPeriod(read, period);
    collectPeriod(read, { ...period, externalId: 'line_2', periodEnd: period.periodStart });
    collectPeriod(read, { ...period, externalId: 'line_3', periodStart: new Date('not a date') });
    collectPeriod(read, { ...period, externalId: 'line_4', currency: 'usd' });
    expect(read.periods.map((kept) => kept.externalId)).toEqual(['line_1']);
    expect(read.skipped.map((skipped) => skipped.externalId)).toEqual(['line_2', 'line_3', 'line_4']);
  });
});
