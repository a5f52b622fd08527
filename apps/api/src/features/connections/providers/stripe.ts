import Stripe from 'stripe';

/**
 * Stripe through its official SDK (docs/decisions/077-provider-connections.md). STRIPE_API_BASE, when
 * set, is the origin the SDK talks to instead of api.stripe.com (a proxy, or the tests' stand-in); the
 * SDK adds its own paths (/v1/…), retries 429 and 5xx answers with backoff, and honours Retry-After.
 */

/** What the sync reads, and so the permissions of the restricted key the admin is asked to create. */
export const STRIPE_READ_PERMISSIONS = [
  'rak_balance_read',
  'rak_charge_read',
  'rak_refund_read',
  'rak_dispute_read',
] as const;

/** Stripe's dashboard form for a restricted key, filled in with exactly those read permissions. */
export const STRIPE_RESTRICTED_KEY_URL = `https://dashboard.stripe.com/apikeys/create?name=Journey+revenue+sync&${STRIPE_READ_PERMISSIONS.map((permission) => `permissions%5B%5D=${permission}`).join('&')}`;

/** Unlikely ids for the harmless writes: a key that may write gets a 404 for them, a read-only key a 403. */
const PROBE_IDS = { charge: 'ch_journey_write_probe', customer: 'cus_journey_write_probe' } as const;

export function stripeClient(apiKey: string, base: string | undefined): Stripe {
  const origin = base ? new URL(base) : undefined;
  return new Stripe(apiKey, {
    maxNetworkRetries: 3,
    timeout: 30_000,
    telemetry: false,
    ...(origin
      ? {
          protocol: origin.protocol === 'http:' ? 'http' : 'https',
          host: origin.hostname,
          port: Number(origin.port || (origin.protocol === 'http:' ? 80 : 443)),
        }
      : {}),
  });
}

/** Why a key cannot be connected, in words for the admin; never holds the key. */
export class ConnectionKeyError extends Error {
  constructor(
    message: string,
    readonly reason: 'rejected' | 'can-write' | 'cannot-read',
  ) {
    super(message);
  }
}

const isPermissionError = (error: unknown) => error instanceof Stripe.errors.StripePermissionError;
const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

/**
 * Accepts a key that reads balance transactions and may not write: a harmless write to an object that
 * does not exist is refused with 403 for a restricted read-only key, and answered 404 for a key that
 * may write (a prefix such as rk_ says nothing of the permissions it was given).
 */
export async function checkStripeKey(client: Stripe): Promise<void> {
  try {
    await client.balanceTransactions.list({ limit: 1 });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError) {
      throw new ConnectionKeyError('Stripe refused this key: it is wrong, revoked or expired.', 'rejected');
    }
    if (isPermissionError(error)) {
      throw new ConnectionKeyError(
        'This key cannot read balance transactions: create it with the link below, which asks for the read permissions the sync needs.',
        'cannot-read',
      );
    }
    throw error;
  }
  const probes = [
    () => client.charges.update(PROBE_IDS.charge, { metadata: {} }),
    () => client.customers.update(PROBE_IDS.customer, { metadata: {} }),
  ];
  for (const probe of probes) {
    try {
      await probe();
    } catch (error) {
      if (isPermissionError(error)) continue;
      if (isMissing(error)) {
        throw new ConnectionKeyError(
          'This key can write to your Stripe account. Create a restricted key with read access only (the link below fills in the permissions) and paste that one.',
          'can-write',
        );
      }
      throw error;
    }
    throw new ConnectionKeyError(
      'Stripe accepted a write with this key; use a read-only restricted key.',
      'can-write',
    );
  }
}
