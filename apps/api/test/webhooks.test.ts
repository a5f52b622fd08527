/**
 * POST /api/webhooks/{provider} (docs/decisions/077-provider-connections.md): Stripe's events, signed
 * by Stripe's own SDK helper, against the stand-in the connection reads. Recorded once however often
 * they are delivered; a bad, missing or stale signature stores nothing.
 */
import { schema } from '@journey/db';
import { stripeSignature } from '@journey/testing';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { waitFor } from './support/http';
import { call } from './helpers';
import { useStripeStandIn } from './support/stand-ins';

const KEY = 'rk_test_webhooks_read_only_0001';
const SECRET = 'whsec_webhooks_test_secret';

const standIn = useStripeStandIn({ [KEY]: 'read-only' });
const { admin } = standIn;

const totalRevenue = async () =>
  (await call(admin.server.app, 'GET', '/api/revenue')).json().totalRevenue as string;

const now = () => Math.floor(Date.now() / 1000);

function event(id: string, type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: now(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

/** A delivery as Stripe sends it: JSON, signed, from Stripe's servers (no Origin, no cookie). */
const deliver = (payload: string, signature?: string, provider = 'stripe') =>
  admin.server.app.inject({
    method: 'POST',
    url: `/api/webhooks/${provider}`,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined
        ? { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) }
        : signature === ''
          ? {}
          : { 'stripe-signature': signature }),
    },
    payload,
  });

const eventCount = async () => (await admin.server.db.select().from(schema.webhookEvents)).length;

describe('Stripe webhooks', () => {
  it('answer 2xx and change nothing while Stripe is not connected, and 404 for no provider', async () => {
    const payload = event('evt_before', 'charge.succeeded', { id: 'ch_x', object: 'charge' });
    const response = await deliver(payload);
    expect(response.statusCode).toBe(202);
    expect(await eventCount()).toBe(0);
    expect((await deliver(payload, undefined, 'paddle')).statusCode).toBe(202);
    expect((await deliver(payload, undefined, 'square')).statusCode).toBe(404);
  });

  it('record a signed payment once, however often it is delivered, as a webhook entry', async () => {
    const connected = await admin.call('PUT', '/api/admin/connections/stripe', {
      apiKey: KEY,
      webhookSecret: SECRET,
    });
    expect(connected.statusCode, connected.body).toBe(200);
    await waitFor('the first sync', async () => {
      const list = (await admin.call('GET', '/api/admin/connections')).json();
      return list.connections[0]?.status === 'ok';
    });
    expect(await totalRevenue()).toBe('0.00');

    standIn.stripe.transactions.push({
      id: 'txn_w1',
      type: 'charge',
      amount: 4900,
      currency: 'usd',
      created: now(),
      status: 'pending',
      source: { id: 'ch_w1', amount: 4500, currency: 'eur' },
    });
    const payload = event('evt_w1', 'charge.succeeded', {
      id: 'ch_w1',
      object: 'charge',
      amount: 4500,
      currency: 'eur',
      balance_transaction: 'txn_w1',
    });
    const first = await deliver(payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ recorded: true, added: 1 });
    expect(await totalRevenue()).toBe('49.00');

    // Redelivered, one after the other and all at once: still one entry.
    expect((await deliver(payload)).json()).toMatchObject({ recorded: false });
    const burst = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    expect(burst.every((response) => response.statusCode === 200)).toBe(true);
    expect(await totalRevenue()).toBe('49.00');

    const [entry] = await admin.server.db.select().from(schema.revenues);
    expect(entry).toMatchObject({
      provenance: 'webhook',
      provider: 'stripe',
      externalId: 'ch_w1',
      amount: '49.00',
      currency: 'EUR',
      originalAmount: '45.00',
    });
  });

  it('refuse a bad, missing or stale signature with 400, storing nothing', async () => {
    const events = await eventCount();
    const payload = event('evt_forged', 'charge.succeeded', {
      id: 'ch_w1',
      object: 'charge',
      balance_transaction: 'txn_w1',
    });
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: now() - 10 * 60,
    });
    const altered = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    for (const [what, response] of [
      ['another secret', await deliver(payload, wrongSecret)],
      ['no signature', await deliver(payload, '')],
      ['a replay outside the tolerance', await deliver(payload, stale)],
      ['an altered body', await deliver(payload.replace('ch_w1', 'ch_w2'), altered)],
      ['garbage', await deliver(payload, 't=1,v1=00')],
    ] as const) {
      expect(response.statusCode, what).toBe(400);
      expect(typeof response.json().message, what).toBe('string');
    }
    expect(await eventCount()).toBe(events);
    expect(await totalRevenue()).toBe('49.00');
  });

  it('lower the total by a partial refund and a lost dispute, and the next sync counts nothing twice', async () => {
    standIn.stripe.transactions.push(
      {
        id: 'txn_w2',
        type: 'refund',
        amount: -1000,
        currency: 'usd',
        created: now(),
        source: { id: 're_w2', amount: 920, currency: 'eur' },
      },
      {
        id: 'txn_w3',
        type: 'adjustment',
        amount: -3900,
        currency: 'usd',
        created: now(),
        source: { id: 'du_w3', amount: 3580, currency: 'eur' },
      },
    );
    // Signed by the documented scheme the browser tests use (no SDK there): Stripe's SDK accepts it.
    const refundEvent = event('evt_w2', 'charge.refunded', {
      id: 'ch_w1',
      object: 'charge',
      refunds: { object: 'list', data: [{ id: 're_w2', object: 'refund', balance_transaction: 'txn_w2' }] },
    });
    const refund = await deliver(refundEvent, stripeSignature(refundEvent, SECRET));
    expect(refund.json()).toMatchObject({ recorded: true, added: 1 });
    const dispute = await deliver(
      event('evt_w3', 'charge.dispute.funds_withdrawn', {
        id: 'du_w3',
        object: 'dispute',
        balance_transactions: [{ id: 'txn_w3', object: 'balance_transaction' }],
      }),
    );
    expect(dispute.json()).toMatchObject({ recorded: true, added: 1 });
    expect(await totalRevenue()).toBe('0.00');

    // An event that is not about money is recorded and adds nothing.
    expect((await deliver(event('evt_w4', 'customer.created', { id: 'cus_1' }))).json()).toMatchObject({
      recorded: true,
      added: 0,
    });

    const lastSynced = async () =>
      (await admin.call('GET', '/api/admin/connections')).json().connections[0]?.lastSyncedAt as string;
    const before = await lastSynced();
    expect((await admin.call('POST', '/api/admin/connections/stripe/sync')).statusCode).toBe(202);
    await waitFor('the sync after the webhooks', async () => (await lastSynced()) !== before);
    expect(await totalRevenue()).toBe('0.00');
    expect(await admin.server.db.select().from(schema.revenues)).toHaveLength(3);
  });
});
