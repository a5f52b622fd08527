/**
 * Provider connections and the sync (docs/decisions/077-provider-connections.md), through the admin
 * API, against the Stripe stand-in (packages/testing) named by STRIPE_API_BASE: no provider is
 * reachable from the test machines. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { StripeTransaction } from '@journey/testing';
import { schema } from '@journey/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './support/http';
import { call } from './helpers';
import { useStripeBillingStandIn } from './support/stand-ins';

const READ_ONLY = 'rk_test_connections_read_only_0001';
const CAN_WRITE = 'sk_test_connections_can_write_0002';
const REVOKED = 'rk_test_connections_revoked_0003';
const SECOND_KEY = 'rk_test_connections_read_only_0004';

// With Stripe's billing routes (no invoices here): a run reads its subscription periods too.
const standIn = useStripeBillingStandIn(
  { [READ_ONLY]: 'read-only', [CAN_WRITE]: 'read-write', [REVOKED]: 'revoked', [SECOND_KEY]: 'read-only' },
  { syncRetryBaseMs: 200 },
);
const { admin } = standIn;
let stripe: typeof standIn.stripe;
beforeAll(() => {
  stripe = standIn.stripe;
  stripe.transactions.push(...history());
});

const DAY = 24 * 60 * 60;
const START = Date.UTC(2025, 0, 1) / 1000;

/**
 * 260 balance transactions (three pages and more): payments in dollars and in euros settled in
 * dollars, refunds, a lost dispute, pending payments, and payouts and fees, which are not revenue.
 */
function history(): StripeTransaction[] {
  const transactions: StripeTransaction[] = [];
  for (let index = 0; index < 260; index += 1) {
    const created = START + index * DAY;
    const id = `txn_${String(index).padStart(4, '0')}`;
    if (index % 10 === 9) {
      transactions.push({ id, type: 'payout', amount: -5000, currency: 'usd', created, source: null });
    } else if (index % 10 === 8) {
      transactions.push({ id, type: 'stripe_fee', amount: -30, currency: 'usd', created, source: null });
    } else if (index % 10 === 7) {
      // A partial refund of the day before's payment.
      transactions.push({
        id,
        type: 'refund',
        amount: -250,
        currency: 'usd',
        created,
        source: { id: `re_${index}`, amount: 250, currency: 'usd' },
      });
    } else if (index % 3 === 0) {
      // A payment of 20.00 EUR, settled as 21.74 USD at Stripe's rate.
      transactions.push({
        id,
        type: 'charge',
        amount: 2174,
        currency: 'usd',
        created,
        exchange_rate: 1.087,
        source: { id: `ch_${index}`, amount: 2000, currency: 'eur' },
      });
    } else {
      transactions.push({
        id,
        type: 'charge',
        amount: 1000 + index,
        currency: 'usd',
        created,
        status: index > 250 ? 'pending' : 'available',
        source: { id: `ch_${index}`, amount: 1000 + index, currency: 'usd' },
      });
    }
  }
  transactions.push({
    id: 'txn_dispute',
    type: 'adjustment',
    amount: -1500,
    currency: 'usd',
    created: START + 100 * DAY + 3600,
    source: { id: 'dp_lost', amount: 1500, currency: 'usd' },
  });
  return transactions;
}

const REVENUE_TYPES = new Set(['charge', 'payment', 'refund', 'payment_refund', 'adjustment']);

/** The stand-in's revenue in cents, summed apart from the code under test. */
const expectedCents = () =>
  stripe.transactions
    .filter((transaction) => REVENUE_TYPES.has(transaction.type))
    .reduce((sum, transaction) => sum + transaction.amount, 0);

const dollars = (cents: number) => (cents / 100).toFixed(2);

const totalRevenue = async () =>
  (await call(admin.server.app, 'GET', '/api/revenue')).json().totalRevenue as string;

const connection = async () =>
  ((await admin.call('GET', '/api/admin/connections')).json().connections as { provider: string }[]).find(
    (entry) => entry.provider === 'stripe',
  ) as Record<string, unknown> | undefined;

describe('connections', () => {
  it('are the admin’s alone', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/connections'],
      ['PUT', '/api/admin/connections/stripe'],
      ['POST', '/api/admin/connections/stripe/sync'],
      ['DELETE', '/api/admin/connections/stripe'],
    ] as const) {
      const response = await call(
        admin.server.app,
        method,
        url,
        method === 'PUT' ? { apiKey: READ_ONLY } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists no connection at first, with the webhook URLs and Stripe’s key form', async () => {
    const answer = (await admin.call('GET', '/api/admin/connections')).json();
    expect(answer.connections).toEqual([]);
    expect(answer.webhookUrls.stripe).toMatch(/^http:\/\/[^/]+\/api\/webhooks\/stripe$/);
    expect(Object.keys(answer.webhookUrls)).toEqual(['stripe', 'lemonsqueezy', 'paddle', 'polar']);
    expect(answer.stripeRestrictedKeyUrl).toContain('permissions%5B%5D=rak_balance_read');
  });

  it.each([
    [{ apiKey: CAN_WRITE }, 'This key can write to your Stripe account'],
    [{ apiKey: REVOKED }, 'Stripe refused this key'],
    [{ apiKey: '' }, 'The API key is required.'],
    [{ apiKey: 'rk_test with space' }, 'The API key is one word, without spaces.'],
    [{}, 'The API key is required.'],
  ])('refuses %j with 400 naming the key, storing nothing', async (payload, message) => {
    const response = await admin.call('PUT', '/api/admin/connections/stripe', payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.apiKey).toContain(message);
    expect(await admin.server.db.select().from(schema.providerConnections)).toEqual([]);
  });

  it('refuses a provider it does not know with 400', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/square', { apiKey: READ_ONLY });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.provider).toBeDefined();
  });

  it('connects Stripe with a read-only key and backfills the whole history, to the cent', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/stripe', {
      apiKey: READ_ONLY,
      webhookSecret: 'whsec_connections_test',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      provider: 'stripe',
      status: 'syncing',
      lastSyncedAt: null,
      lastError: null,
      source: 'ai',
      hasWebhookSecret: true,
    });
    expect(response.body).not.toContain(READ_ONLY);
    expect(response.body).not.toContain('whsec_connections_test');

    await waitFor('the backfill', async () => (await connection())?.status === 'ok');
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
    // Paginated to the end: the stand-in was asked for the pages after the first.
    expect(stripe.requests.filter((line) => line.includes('starting_after=')).length).toBeGreaterThanOrEqual(
      2,
    );

    const rows = await admin.server.db.select().from(schema.revenues);
    expect(rows).toHaveLength(
      stripe.transactions.filter((transaction) => REVENUE_TYPES.has(transaction.type)).length,
    );
    expect(rows.every((row) => row.provenance === 'sync' && row.provider === 'stripe')).toBe(true);
    const euro = rows.find((row) => row.externalId === 'ch_0');
    expect(euro).toMatchObject({ amount: '21.74', currency: 'EUR', originalAmount: '20.00' });
    expect(rows.find((row) => row.externalId === 're_7')).toMatchObject({ amount: '-2.50', currency: 'USD' });
    expect(rows.find((row) => row.externalId === 'txn_dispute')).toMatchObject({ amount: '-15.00' });

    // Sealed at rest: the stored key is not the key.
    const [stored] = await admin.server.db.select().from(schema.providerConnections);
    expect(stored!.apiKeySealed).not.toContain(READ_ONLY);
    expect(stored!.webhookSecretSealed).not.toContain('whsec_connections_test');

    const verification = (await call(admin.server.app, 'GET', '/api/public/verification.json')).json();
    expect(verification).toMatchObject({
      total: dollars(expectedCents()),
      verifiedTotal: dollars(expectedCents()),
      verifiedShare: 1,
      providers: [{ provider: 'stripe', status: 'ok' }],
    });
  });

  it('syncs on request what happened since, a refund lowering the total, and counts nothing twice', async () => {
    const before = (await connection())!.lastSyncedAt;
    const now = Math.floor(Date.now() / 1000);
    stripe.transactions.push(
      {
        id: 'txn_late_payment',
        type: 'payment',
        amount: 9900,
        currency: 'usd',
        created: now,
        status: 'pending',
        source: { id: 'py_late', amount: 9900, currency: 'usd' },
      },
      {
        id: 'txn_late_refund',
        type: 'payment_refund',
        amount: -9900,
        currency: 'usd',
        created: now + 1,
        source: { id: 'pyr_late', amount: 9900, currency: 'usd' },
      },
      {
        id: 'txn_late_eur',
        type: 'charge',
        amount: 5435,
        currency: 'usd',
        created: now + 2,
        source: { id: 'ch_late_eur', amount: 5000, currency: 'eur' },
      },
    );
    const first = await admin.call('POST', '/api/admin/connections/stripe/sync');
    // Asked again while it runs: accepted too.
    const second = await admin.call('POST', '/api/admin/connections/stripe/sync');
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect(first.json()).toMatchObject({ provider: 'stripe' });

    await waitFor('the incremental sync', async () => {
      const current = await connection();
      return (
        current?.status === 'ok' &&
        current.lastSyncedAt !== before &&
        (await totalRevenue()) === dollars(expectedCents())
      );
    });
    const requests = stripe.requests.length;
    await admin.call('POST', '/api/admin/connections/stripe/sync');
    await waitFor(
      'a run with nothing new',
      async () => stripe.requests.length > requests && (await connection())?.status === 'ok',
    );
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
    // Incremental: it asked only for what was created since its mark (its invoices too).
    const reads = (path: string) => stripe.requests.filter((line) => line.startsWith(`GET ${path}?`));
    expect(reads('/v1/balance_transactions').at(-1)).toContain('created[gte]=');
    expect(reads('/v1/invoices').at(-1)).toContain('created[gte]=');
  });

  it('waits out a 429 for its Retry-After and rides over a 5xx', async () => {
    stripe.transactions.push({
      id: 'txn_after_limits',
      type: 'charge',
      amount: 777,
      currency: 'usd',
      created: Math.floor(Date.now() / 1000) + 10,
      source: { id: 'ch_after_limits', amount: 777, currency: 'usd' },
    });
    stripe.failNext(429, 1, 1);
    stripe.failNext(503, 1);
    await admin.call('POST', '/api/admin/connections/stripe/sync');
    await waitFor(
      'the sync after the rate limit',
      async () => (await totalRevenue()) === dollars(expectedCents()),
    );
    expect((await connection())?.status).toBe('ok');
  });

  it('flags a revoked key, publicly too, and a new key brings it back', async () => {
    stripe.keys.set(READ_ONLY, 'revoked');
    await admin.call('POST', '/api/admin/connections/stripe/sync');
    await waitFor('the rejected key', async () => (await connection())?.status === 'key-rejected');
    expect((await connection())?.lastError).toContain('revoked');
    await waitFor('the flag in verification.json', async () => {
      const verification = (await call(admin.server.app, 'GET', '/api/public/verification.json')).json();
      return verification.providers[0]?.status === 'key-rejected';
    });

    const replaced = await admin.call('PUT', '/api/admin/connections/stripe', { apiKey: SECOND_KEY });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ status: 'syncing', lastError: null, hasWebhookSecret: false });
    await waitFor('the sync with the new key', async () => (await connection())?.status === 'ok');
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
  });

  it('syncs on the owner’s schedule: 15 minutes unless set, kept by a save of the Site tab', async () => {
    const interval = async () =>
      (await admin.call('GET', '/api/admin/connections')).json().syncIntervalMinutes;
    expect(await interval()).toBe(15);
    const message = 'Sync interval must be a whole number of minutes from 5 to 1,440.';
    for (const intervalMinutes of [4, 1441, 7.5, '15', null]) {
      const refused = await admin.call('PUT', '/api/admin/sync-schedule', { intervalMinutes });
      expect(refused.statusCode, JSON.stringify(intervalMinutes)).toBe(400);
      expect(refused.json().errors.intervalMinutes).toBe(message);
    }
    expect(
      (await call(admin.server.app, 'PUT', '/api/admin/sync-schedule', { intervalMinutes: 60 })).statusCode,
    ).toBe(401);
    expect(await interval()).toBe(15);

    // A run waiting ten hours is brought forward to the new interval.
    await waitFor('the sync to be queued', async () => {
      const [job] = await admin.server.db.select().from(schema.syncJobs);
      return job?.state === 'queued';
    });
    const later = new Date(Date.now() + 10 * 60 * 60_000);
    await admin.server.db
      .update(schema.syncJobs)
      .set({ nextRunAt: later })
      .where(eq(schema.syncJobs.provider, 'stripe'));
    const saved = await admin.call('PUT', '/api/admin/sync-schedule', { intervalMinutes: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ intervalMinutes: 30 });
    const [job] = await admin.server.db.select().from(schema.syncJobs);
    expect(job!.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000);

    // The Site tab saves the record it shows, which has no schedule: the schedule stays.
    const site = (await admin.call('GET', '/api/settings')).json();
    expect(site).not.toHaveProperty('syncIntervalMinutes');
    expect((await admin.call('PUT', '/api/admin/settings', site)).statusCode).toBe(200);
    expect(await interval()).toBe(30);
    expect((await admin.call('PUT', '/api/admin/sync-schedule', { intervalMinutes: 15 })).statusCode).toBe(
      200,
    );
  });

  it('disconnects: the key goes, the synced entries stay', async () => {
    const total = await totalRevenue();
    const response = await admin.call('DELETE', '/api/admin/connections/stripe');
    expect(response.statusCode).toBe(204);
    expect((await admin.call('GET', '/api/admin/connections')).json().connections).toEqual([]);
    expect(await admin.server.db.select().from(schema.syncJobs)).toEqual([]);
    expect(await totalRevenue()).toBe(total);
    expect((await admin.call('DELETE', '/api/admin/connections/stripe')).statusCode).toBe(404);
    expect((await admin.call('POST', '/api/admin/connections/stripe/sync')).statusCode).toBe(404);
    const synced = await admin.server.db
      .select()
      .from(schema.revenues)
      .where(eq(schema.revenues.provenance, 'sync'));
    expect(synced.length).toBeGreaterThan(200);
  });
});
