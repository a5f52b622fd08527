import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Text answers over 1 KB compressed (brotli at quality 4, or gzip), as the client accepts; a 304 has no body. */
export default fp(
  async (app) => {
    await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  },
  { name: 'compress' },
);
