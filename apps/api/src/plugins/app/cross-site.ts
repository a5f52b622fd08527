import type { ErrorBody } from '@journey/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes writes from any site, in its own body type: RFC 8058's one-click unsubscribe,
     * whose token is the authority (routes/one-click-unsubscribe.ts). No other route may set it.
     */
    anySite?: boolean;
  }
}

export const FOREIGN_ORIGIN_MESSAGE = 'Cross-site request refused: the request comes from another site.';
/** The one message of every 415, whoever answers it (this guard, Fastify's parser or the tRPC hook). */
export const JSON_REQUIRED_MESSAGE = 'Content-Type must be application/json.';

/**
 * Guards every write, before any route (so nothing reaches a handler):
 * - 403 for a cross-site write, on top of the SameSite=Lax cookie: an `Origin` other than the site's
 *   own, or a browser saying `Sec-Fetch-Site: cross-site`. With `PUBLIC_URL` set only its origin is
 *   the site's own, so a DNS-rebound request (foreign Host and Origin alike) is refused; without it,
 *   the origin the request's Host names (docs/operations.md#configuration).
 * - 415 for a same-site write whose body is not JSON, a form type included: DELETE, PUT, PATCH and a
 *   JSON POST cannot leave another site without a CORS preflight, which this server never grants.
 * A write without a body needs no content type (the spec's logout sends none).
 */
export default fp(
  async (app) => {
    const { publicUrl } = app.config;
    // A callback hook: every read passes through it, and a promise per read buys nothing.
    app.addHook('onRequest', (request, reply, done) => {
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config.anySite) done();
      else if (isCrossSite(request, publicUrl))
        reply.status(403).send({ message: FOREIGN_ORIGIN_MESSAGE } satisfies ErrorBody);
      else if (!sendsJsonOrNothing(request))
        reply.status(415).send({ message: JSON_REQUIRED_MESSAGE } satisfies ErrorBody);
      else done();
    });
  },
  { name: 'cross-site', dependencies: ['config'] },
);

function isCrossSite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== (publicUrl ?? `${request.protocol}://${request.host}`);
}

/** The media type without parameters, lower-cased; undefined when the request names none. */
export function mediaTypeOf(request: FastifyRequest): string | undefined {
  return request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase() || undefined;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) !== 0);
}

/** A named type must be JSON; no type is fine only when there is no body to read. */
function sendsJsonOrNothing(request: FastifyRequest): boolean {
  const type = mediaTypeOf(request);
  return type === undefined ? !hasBody(request) : type === 'application/json';
}
