import type { ErrorBody } from '@journey/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What an HTML form, or a fetch that skips the CORS preflight, can send from another site. */
const CROSS_SITE_CONTENT_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);

export const FOREIGN_ORIGIN_MESSAGE = 'Cross-site request refused: the request comes from another site.';
export const JSON_REQUIRED_MESSAGE =
  'Cross-site request refused: writes must send Content-Type: application/json.';

/**
 * Refuses cross-site writes (403) on top of the SameSite=Lax cookie: a foreign `Origin`, a browser
 * saying `Sec-Fetch-Site: cross-site`, or a body type a cross-site form could send. DELETE, PUT and
 * PATCH cannot leave another site without a CORS preflight, which this server never grants.
 */
export function registerCrossSiteGuard(app: FastifyInstance, options: { publicUrl: string | undefined }) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const refusal = crossSiteRefusal(request, options.publicUrl);
    if (refusal) return reply.status(403).send({ message: refusal } satisfies ErrorBody);
  });
}

function crossSiteRefusal(request: FastifyRequest, publicUrl: string | undefined): string | null {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== publicUrl && origin !== `${request.protocol}://${request.host}`)
    return FOREIGN_ORIGIN_MESSAGE;
  if (request.headers['sec-fetch-site'] === 'cross-site') return FOREIGN_ORIGIN_MESSAGE;
  if (request.method !== 'POST') return null;
  const type = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
  // Other non-JSON types go on to the body parser, which answers 415.
  return !type || CROSS_SITE_CONTENT_TYPES.has(type) ? JSON_REQUIRED_MESSAGE : null;
}
