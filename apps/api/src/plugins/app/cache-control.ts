import fp from 'fastify-plugin';
import { isAnonymous } from '../../http/send-cached';

/** API answers are revalidated (ETag) on every use; a signed-in user's never sit in a shared cache. */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('Cache-Control', isAnonymous(request) ? 'no-cache' : 'private, no-cache');
      }
    });
  },
  { name: 'cache-control' },
);
