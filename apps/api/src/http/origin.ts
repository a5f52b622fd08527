import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** The origin absolute links name: `PUBLIC_URL` when set, else the one the request came to. */
export function publicOrigin(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
