import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/** The WebAuthn relying party a request speaks to: the id passkeys are bound to, and the page origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * From PUBLIC_URL when it is set, since a passkey is bound to that host for good; else from the
 * request, as mail links are (development and tests), see docs/decisions/087-passkeys.md.
 */
export function relyingPartyOf(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): RelyingParty {
  const url = new URL(config.publicUrl ?? `${request.protocol}://${request.host}`);
  return { id: url.hostname, origin: url.origin };
}
