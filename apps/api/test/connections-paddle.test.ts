/**
 * Paddle's connection, sync and webhooks (docs/decisions/077-provider-connections.md), through the
 * admin API and POST /api/webhooks/paddle, against the Paddle stand-in (packages/testing) that
 * PADDLE_API_BASE names. Totals are checked against a sum of the stand-in's data made apart from the
 * code under test, in USD, to the cent. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { schema } from '@journey/db';
import {
  paddleAdjustmentObject,
  paddleSignature,
  paddleTransactionObject,
  type PaddleAdjustment,
  type PaddleTransaction,
} from '@journey/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './support/http';
import { call } from './helpers';
import { paddleDelivery, usePaddleStandIn } from './support/stand-ins';

const READ_ONLY = 'pdl_sdbx_apikey_read_only_0001';
const CAN_WRITE = 'pdl_sdbx_apikey_can_write_0002';
const REVOKED = 'pdl_sdbx_apikey_revoked_0003';
const SECRET = 'pdl_ntfset_webhook_secret_0004';

const started = usePaddleStandIn(
  { [READ_ONLY]: 'read-only', [CAN_WRITE]: 'read-write', [REVOKED]: 'revoked' },
  { syncRetryBaseMs: 200 },
);
const { admin } = started;
let paddle: typeof started.paddle;
beforeAll(() => {
  paddle = started.paddle;
  paddle.transactions.push(...history.transactions);
  paddle.adjustments.push(...history.adjustments);
});

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2025, 0, 1);
const at = (days: number) => new Date(START + days * DAY).toISOString();
/** Paddle's ids sort by creation, as ULIDs do. */
const id = (prefix: string, index: number) => `${prefix}_01${String(index).padStart(24, '0')}`;

/**
 * 100 transactions (four pages of 30) in dollars and euros paid out in dollars, one paid out in pounds,
 * and some not completed; refunds, a chargeback and its reversal, and adjustments that move no money.
 */
const history = (() => {
  const transactions: PaddleTransaction[] = [];
  const adjustments: PaddleAdjustment[] = [];
  for (let index = 0; index < 100; index += 1) {
    const base = { id: id('txn', index), createdAt: at(index) };
    if (index % 10 === 3) transactions.push({ ...base, currency: 'EUR', total: 2000, payoutTotal: 2174 });
    else if (index === 41)
      transactions.push({ ...base, currency: 'GBP', total: 1000, payoutTotal: 1000, payoutCurrency: 'GBP' });
    else if (index % 10 === 7)
      transactions.push({ ...base, currency: 'USD', total: 900, payoutTotal: 900, status: 'billed' });
    else transactions.push({ ...base, currency: 'USD', total: 1000 + index, payoutTotal: 1000 + index });
  }
  const adjustment = (index: number, values: Omit<PaddleAdjustment, 'id' | 'createdAt'>) =>
    adjustments.push({ id: id('adj', index), createdAt: at(index + 1), ...values });
  adjustment(10, {
    transactionId: id('txn', 10),
    action: 'refund',
    currency: 'USD',
    total: 400,
    payoutTotal: 400,
  });
  adjustment(13, {
    transactionId: id('txn', 13),
    action: 'refund',
    currency: 'EUR',
    total: 2000,
    payoutTotal: 2174,
  });
  adjustment(20, {
    transactionId: id('txn', 20),
    action: 'chargeback',
    currency: 'USD',
    total: 1020,
    payoutTotal: 1020,
  });
  adjustment(21, {
    transactionId: id('txn', 20),
    action: 'chargeback_reverse',
    currency: 'USD',
    total: 1020,
    payoutTotal: 1020,
  });
  adjustment(30, {
    transactionId: id('txn', 30),
    action: 'refund',
    currency: 'USD',
    total: 500,
    payoutTotal: 500,
    status: 'pending_approval',
  });
  adjustment(31, {
    transactionId: id('txn', 31),
    action: 'credit',
    currency: 'USD',
    total: 100,
    payoutTotal: 100,
  });
  return { transactions, adjustments };
})();

const SIGN: Record<string, number> = { refund: -1, chargeback: -1, chargeback_reverse: 1 };

/** The stand-in's revenue in USD cents, summed apart from the code under test. */
const expectedCents = () =>
  paddle.transactions
    .filter((transaction) => (transaction.status ?? 'completed') === 'completed')
    .filter((transaction) => (transaction.payoutCurrency ?? 'USD') === 'USD')
    .reduce((sum, transaction) => sum + transaction.payoutTotal, 0) +
  paddle.adjustments
    .filter((adjustment) => (adjustment.status ?? 'approved') === 'approved')
    .reduce((sum, adjustment) => sum + (SIGN[adjustment.action] ?? 0) * adjustment.payoutTotal, 0);

const dollars = (cents: number) => (cents / 100).toFixed(2);

const totalRevenue = async () =>
  (await call(admin.server.app, 'GET', '/api/revenue')).json().totalRevenue as string;

const connection = async () =>
  ((await admin.call('GET', '/api/admin/connections')).json().connections as { provider: string }[]).find(
    (entry) => entry.provider === 'paddle',
  ) as Record<string, unknown> | undefined;

/** A delivery as Paddle sends it: the event, signed with Paddle-Signature. */
const deliver = (eventType: string, data: object, eventId: string, signature?: string) =>
  admin.server.app.inject(paddleDelivery(SECRET, eventType, data, eventId, signature));

describe('Paddle', () => {
  it.each([
    [REVOKED, 'Paddle refused this key'],
    [CAN_WRITE, 'This key can write to your Paddle account'],
  ])('refuses %s with 400 naming the key, storing nothing', async (apiKey, message) => {
    const response = await admin.call('PUT', '/api/admin/connections/paddle', { apiKey });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.apiKey).toContain(message);
    expect(await admin.server.db.select().from(schema.providerConnections)).toEqual([]);
  });

  it('connects with a read-only key and backfills every page, to the cent in USD', async () => {
    const response = await admin.call('PUT', '/api/admin/connections/paddle', {
      apiKey: READ_ONLY,
      webhookSecret: SECRET,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(READ_ONLY);
    await waitFor('the backfill', async () => (await connection())?.status === 'ok');
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
    // Ninety completed transactions: three pages of thirty, the last two asked for after the one before.
    expect(
      paddle.requests.filter((line) => line.startsWith('GET /transactions?') && line.includes('after=')),
    ).toHaveLength(2);

    const rows = await admin.server.db.select().from(schema.revenues);
    expect(rows.every((row) => row.provider === 'paddle' && row.provenance === 'sync')).toBe(true);
    expect(rows.find((row) => row.externalId === id('txn', 3))).toMatchObject({
      amount: '21.74',
      currency: 'EUR',
      originalAmount: '20.00',
    });
    expect(rows.find((row) => row.externalId === id('adj', 13))).toMatchObject({
      amount: '-21.74',
      originalAmount: '-20.00',
      date: new Date(at(14)),
    });
    expect(rows.find((row) => row.externalId === id('adj', 21))).toMatchObject({ amount: '10.20' });
    // Paid out in pounds: not converted yet, so not counted (and logged with its reason).
    expect(rows.find((row) => row.externalId === id('txn', 41))).toBeUndefined();
    expect(rows.find((row) => row.externalId === id('adj', 30))).toBeUndefined();
    expect(rows.find((row) => row.externalId === id('adj', 31))).toBeUndefined();
  });

  it('records a signed payment and its refund once each, however often delivered', async () => {
    const transaction: PaddleTransaction = {
      id: id('txn', 500),
      currency: 'USD',
      total: 4900,
      payoutTotal: 4900,
      createdAt: new Date().toISOString(),
    };
    paddle.transactions.push(transaction);
    const paid = await deliver('transaction.completed', paddleTransactionObject(transaction), 'evt_01paid');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ recorded: true, added: 1 });
    expect(
      (await deliver('transaction.completed', paddleTransactionObject(transaction), 'evt_01paid')).json(),
    ).toMatchObject({
      recorded: false,
    });

    const refund: PaddleAdjustment = {
      id: id('adj', 500),
      transactionId: transaction.id,
      action: 'refund',
      currency: 'USD',
      total: 1900,
      payoutTotal: 1900,
      createdAt: new Date().toISOString(),
    };
    paddle.adjustments.push(refund);
    expect(
      (await deliver('adjustment.created', paddleAdjustmentObject(refund), 'evt_01refund')).json(),
    ).toMatchObject({
      added: 1,
    });
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
  });

  it('refuses a bad, missing or stale signature with 400, storing nothing', async () => {
    const transaction: PaddleTransaction = {
      id: id('txn', 600),
      currency: 'USD',
      total: 100_000,
      payoutTotal: 100_000,
      createdAt: new Date().toISOString(),
    };
    const object = paddleTransactionObject(transaction);
    const before = await totalRevenue();
    const stale = paddleSignature('{}', SECRET, Math.floor(Date.now() / 1000) - 600);
    for (const signature of [`ts=1;h1=${'ab'.repeat(32)}`, '', stale]) {
      expect((await deliver('transaction.completed', object, 'evt_01bad', signature)).statusCode).toBe(400);
    }
    expect(await totalRevenue()).toBe(before);
  });

  it('syncs what changed after a 429 and a 5xx, counting nothing twice', async () => {
    paddle.transactions.push({
      id: id('txn', 700),
      currency: 'EUR',
      total: 5000,
      payoutTotal: 5435,
      createdAt: new Date().toISOString(),
    });
    paddle.failNext(429, 1, 1);
    paddle.failNext(503, 1);
    const before = (await connection())?.lastSyncedAt;
    expect((await admin.call('POST', '/api/admin/connections/paddle/sync')).statusCode).toBe(202);
    await waitFor('the sync after the rate limit', async () => {
      const current = await connection();
      return current?.status === 'ok' && current.lastSyncedAt !== before;
    });
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
    // Incremental: it asked only for the transactions updated since the last run.
    const listed = paddle.requests.filter(
      (line) => line.startsWith('GET /transactions?') && !/[?&]id=/.test(line),
    );
    expect(listed.at(-1)).toContain('updated_at%5BGTE%5D=');
  });

  it('flags a revoked key', async () => {
    paddle.keys.set(READ_ONLY, 'revoked');
    await admin.call('POST', '/api/admin/connections/paddle/sync');
    await waitFor('the rejected key', async () => (await connection())?.status === 'key-rejected');
    expect(await totalRevenue()).toBe(dollars(expectedCents()));
  });
});
