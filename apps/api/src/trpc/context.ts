import type { DatabaseHandle } from '@journey/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { PublicCache } from '../http/public-cache';
import type { MailService } from '../features/newsletter/mail-service';
import type { AuditTrail } from '../features/audit/audit-trail';
import type { ConnectionService } from '../features/connections/connection-service';
import type { PlaceOf } from '../features/auth/place-lookup';

export interface Services {
  config: Config;
  database: DatabaseHandle;
  publicCache: PublicCache;
  /** The server's clock; tests fix it to check answers that depend on today (the revenue series). */
  now: () => Date;
  mail: MailService;
  /** The owner's audit trail: every sign-in, factor change and write (docs/decisions/088-audit-trail.md). */
  audit: AuditTrail;
  connections: ConnectionService;
  /** Roughly where an address is, from GEOIP_DATABASE; always null without it (decision 085). */
  placeOf: PlaceOf;
  /** Sign-ups per IP address, checked inside the subscribe procedure. */
  checkSignupRate: (request: FastifyRequest) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Registrations per IP address, checked inside the register procedure. */
  checkRegisterRate: (request: FastifyRequest) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Login limits, checked inside the login procedure for REST and tRPC alike. */
  checkLoginRate: (
    request: FastifyRequest,
    username: string,
  ) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

export interface Context extends Services {
  req: FastifyRequest;
  reply: FastifyReply;
}

export function contextFactory(services: Services) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => ({
    ...services,
    req,
    reply: res,
  });
}
