import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/** Limits only where a route asks for one (login: features/auth/login-rate-limit.ts). */
export default fp(
  async (app) => {
    await app.register(fastifyRateLimit, { global: false });
  },
  { name: 'rate-limit' },
);
