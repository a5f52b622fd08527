import type { FastifyInstance } from 'fastify';
import { registerRestRoutes } from '../trpc/rest';

/** The other REST paths (writes, admin reads), each calling its procedure with the request's session. */
export default async function rest(app: FastifyInstance) {
  registerRestRoutes(app, { cached: false });
}
