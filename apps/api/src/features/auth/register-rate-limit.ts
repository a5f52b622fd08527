import type { IpRateLimit } from '../../http/ip-rate-limit';

export type RegisterRateLimit = IpRateLimit;

/**
 * Ten an hour from one address, refused ones included (docs/decisions/057-render-limits-and-http-hardening.md):
 * an owner registers once, a team a handful of times; a flood of them, each a password hash when
 * registration is open, cannot crowd out the admin's login.
 */
export const REGISTER_RATE_LIMIT: RegisterRateLimit = { perIp: 10, windowMs: 60 * 60 * 1000 };
