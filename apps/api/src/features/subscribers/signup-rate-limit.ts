import { SIGNUP_RATE_LIMIT } from '@journey/contracts';
import type { IpRateLimit } from '../../http/ip-rate-limit';

/**
 * Sign-ups per IP address (docs/decisions/040-newsletter-delivery.md): a bot cannot make the form mail
 * a thousand addresses. Together with one confirmation per mailbox an hour, no address is bombed either.
 */
export type SignupRateLimit = IpRateLimit;

export const DEFAULT_SIGNUP_RATE_LIMIT: SignupRateLimit = SIGNUP_RATE_LIMIT;
