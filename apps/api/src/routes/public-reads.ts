import type { FastifyInstance } from 'fastify';
import { registerRestRoutes } from '../trpc/rest';

/** The REST reads every anonymous reader shares, served from the public cache without a session. */
export default async function publicReads(app: FastifyInstance) {
  registerRestRoutes(app, { cached: true });
}
