import { startPaddleStandIn, type PaddleKeyKind, type PaddleStandIn } from '@journey/testing';
import {
  startLemonSqueezyStandIn,
  startPolarStandIn,
  startStripeStandIn,
  type LemonSqueezyKeyKind,
  type LemonSqueezyStandIn,
  type PolarKeyKind,
  type PolarStandIn,
  type StandInServer,
  type StripeKeyKind,
  type StripeStandIn,
} from '@journey/testing';
import { afterAll, beforeAll } from 'vitest';
import { useAdminServer, type AdminServer, type TestServerOptions } from '../helpers';

/**
 * For a test file: a provider's stand-in, and a server with the admin signed in whose `baseVariable`
 * (STRIPE_API_BASE, …) names it; the stand-in starts first, so the server's configuration can read
 * its port.
 */
export function useStandIn<S extends StandInServer>(
  start: () => Promise<S>,
  baseVariable: string,
  options: TestServerOptions = {},
): { readonly standIn: S; admin: AdminServer } {
  let standIn: S | undefined;
  beforeAll(async () => {
    standIn = await start();
  });
  afterAll(() => standIn?.stop());
  const current = () => {
    if (!standIn) throw new Error('the stand-in starts in beforeAll');
    return standIn;
  };
  const env = { ...options.env };
  // Read when the server starts, after the stand-in has.
  Object.defineProperty(env, baseVariable, { enumerable: true, get: () => current().base });
  const admin = useAdminServer({ ...options, env });
  return {
    get standIn() {
      return current();
    },
    admin,
  };
}

export function useStripeStandIn(
  keys: Record<string, StripeKeyKind>,
  options: TestServerOptions = {},
): { readonly stripe: StripeStandIn; admin: AdminServer } {
  const started = useStandIn(() => startStripeStandIn({ keys }), 'STRIPE_API_BASE', options);
  return {
    get stripe() {
      return started.standIn;
    },
    admin: started.admin,
  };
}

export function useLemonSqueezyStandIn(
  keys: Record<string, LemonSqueezyKeyKind>,
  options: TestServerOptions = {},
): { readonly lemonSqueezy: LemonSqueezyStandIn; admin: AdminServer } {
  const started = useStandIn(() => startLemonSqueezyStandIn({ keys }), 'LEMONSQUEEZY_API_BASE', options);
  return {
    get lemonSqueezy() {
      return started.standIn;
    },
    admin: started.admin,
  };
}

export function usePaddleStandIn(
  keys: Record<string, PaddleKeyKind>,
  options: TestServerOptions = {},
): { readonly paddle: PaddleStandIn; admin: AdminServer } {
  const started = useStandIn(() => startPaddleStandIn({ keys }), 'PADDLE_API_BASE', options);
  return {
    get paddle() {
      return started.standIn;
    },
    admin: started.admin,
  };
}

export function usePolarStandIn(
  keys: Record<string, PolarKeyKind>,
  options: TestServerOptions = {},
): { readonly polar: PolarStandIn; admin: AdminServer } {
  const started = useStandIn(() => startPolarStandIn({ keys }), 'POLAR_API_BASE', options);
  return {
    get polar() {
      return started.standIn;
    },
    admin: started.admin,
  };
}
