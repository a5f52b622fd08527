import type { FastifyInstance } from 'fastify';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../trpc/errors';

const READY_TIMEOUT_MS = 2_000;

/** `/healthz`: the process answers. `/readyz`: the database answers too. */
export default async function health(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    } finally {
      clearTimeout(timer);
    }
  });
}
