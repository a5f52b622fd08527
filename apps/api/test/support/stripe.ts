import { startStripeStandIn, type StripeKeyKind, type StripeStandIn } from '@journey/testing';
import { afterAll, beforeAll } from 'vitest';
import { useAdminServer, type AdminServer, type TestServerOptions } from '../helpers';

/**
 * For a test file: the Stripe stand-in with these keys, and a server with the admin signed in whose
 * STRIPE_API_BASE names it (the stand-in starts first, so the server's configuration can read its port).
 */
export function useStripeStandIn(
  keys: Record<string, StripeKeyKind>,
  options: TestServerOptions = {},
): { readonly stripe: StripeStandIn; admin: AdminServer } {
  let stripe: StripeStandIn | undefined;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ keys });
  });
  afterAll(() => stripe?.stop());
  const current = () => {
    if (!stripe) throw new Error('the Stripe stand-in starts in beforeAll');
    return stripe;
  };
  const admin = useAdminServer({
    ...options,
    env: {
      ...options.env,
      // Read when the server starts, after the stand-in has.
      get STRIPE_API_BASE() {
        return current().base;
      },
    },
  });
  return {
    get stripe() {
      return current();
    },
    admin,
  };
}
