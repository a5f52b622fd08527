import fp from 'fastify-plugin';
import { isAnonymous } from '../../http/send-cached';

/**
 * Anonymous API answers are revalidated (ETag) on every use. A signed-in user's are never stored at
 * all, by no cache: they hold personal data (subscribers' addresses) or live tokens (the outbox's
 * confirmation links) (docs/decisions/057-render-limits-and-http-hardening.md).
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('Cache-Control', isAnonymous(request) ? 'no-cache' : 'no-store');
      }
    });
  },
  { name: 'cache-control' },
);
