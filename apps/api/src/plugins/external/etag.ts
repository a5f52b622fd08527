import fastifyEtag from '@fastify/etag';
import fp from 'fastify-plugin';

/** ETags on every GET answer (a cached one brings its own), and 304 when the client already has it. */
export default fp(
  async (app) => {
    await app.register(fastifyEtag);
  },
  { name: 'etag' },
);
