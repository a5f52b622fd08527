/**
 * The Stripe client (src/features/connections/providers/stripe.ts) through Stripe's own SDK, against
 * the local stand-in (packages/testing): no provider is reachable from the test machines.
 */
import { startStripeStandIn, type StripeStandIn } from '@journey/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionKeyError } from '../src/features/connections/provider-client';
import {
  checkStripeKey,
  STRIPE_RESTRICTED_KEY_URL,
  stripeClient,
} from '../src/features/connections/providers/stripe';

const READ_ONLY = 'rk_test_read_only_0001';
const SECRET_KEY = 'sk_test_can_write_0002';
const REVOKED = 'rk_test_revoked_0003';
/** A restricted key that may write: its prefix says read-only, its permissions do not. */
const RESTRICTED_WRITER = 'rk_test_can_write_0004';

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn({
    keys: {
      [READ_ONLY]: 'read-only',
      [SECRET_KEY]: 'read-write',
      [REVOKED]: 'revoked',
      [RESTRICTED_WRITER]: 'read-write',
    },
  });
  for (let index = 0; index < 250; index += 1) {
    stripe.transactions.push({
      id: `txn_${index}`,
      amount: 1000 + index,
      currency: 'usd',
      type: 'charge',
      created: 1_700_000_000 + index,
      source: { id: `ch_${index}`, amount: 1000 + index, currency: 'usd' },
    });
  }
});
afterAll(() => stripe?.stop());

const reasonOf = async (key: string) =>
  checkStripeKey(stripeClient(key, stripe.base)).then(
    () => 'accepted',
    (error: unknown) => (error instanceof ConnectionKeyError ? error.reason : `unexpected: ${String(error)}`),
  );

describe('checkStripeKey', () => {
  it('accepts a restricted read-only key, and refuses one that can write whatever its prefix', async () => {
    expect(await reasonOf(READ_ONLY)).toBe('accepted');
    expect(await reasonOf(SECRET_KEY)).toBe('can-write');
    expect(await reasonOf(RESTRICTED_WRITER)).toBe('can-write');
    expect(await reasonOf(REVOKED)).toBe('rejected');
    // The probes were writes to objects that do not exist: nothing was created.
    expect(stripe.requests.filter((line) => line.startsWith('POST'))).toEqual(
      expect.arrayContaining(['POST /v1/charges/ch_journey_write_probe']),
    );
  });

  it('links Stripe’s key form with exactly the read permissions the sync needs', () => {
    const url = new URL(STRIPE_RESTRICTED_KEY_URL);
    expect(url.origin + url.pathname).toBe('https://dashboard.stripe.com/apikeys/create');
    expect(url.searchParams.getAll('permissions[]')).toEqual([
      'rak_balance_read',
      'rak_charge_read',
      'rak_refund_read',
      'rak_dispute_read',
      'rak_invoice_read',
      'rak_plan_read',
    ]);
    expect(url.searchParams.getAll('permissions[]').some((permission) => permission.endsWith('_write'))).toBe(
      false,
    );
  });
});

describe('the SDK against the stand-in', () => {
  it('pages through every balance transaction, past the first page', async () => {
    const client = stripeClient(READ_ONLY, stripe.base);
    const ids: string[] = [];
    for await (const transaction of client.balanceTransactions.list({
      limit: 100,
      expand: ['data.source'],
    })) {
      ids.push(transaction.id);
      expect(typeof transaction.source === 'object' && transaction.source?.id).toBe(
        transaction.id.replace('txn_', 'ch_'),
      );
    }
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    expect(ids[0]).toBe('txn_249');
  });

  it('retries a 5xx itself, and hands a rate limit back with its Retry-After for the sync to wait', async () => {
    const client = stripeClient(READ_ONLY, stripe.base);
    stripe.failNext(503, 1);
    const before = stripe.requests.length;
    const page = await client.balanceTransactions.list({ limit: 3 });
    expect(page.data.map((transaction) => transaction.id)).toEqual(['txn_249', 'txn_248', 'txn_247']);
    expect(stripe.requests.length - before).toBe(2);

    // Stripe's SDK retries a 429 only when Stripe says so (Stripe-Should-Retry): a rate limit is the
    // caller's to wait out, and its answer says how long.
    stripe.failNext(429, 1, 7);
    const limited = await client.balanceTransactions.list({ limit: 3 }).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    const { headers } = limited as InstanceType<typeof Stripe.errors.StripeRateLimitError>;
    expect(headers?.['retry-after']).toBe('7');
  });
});
