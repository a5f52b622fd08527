import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built client assets; hashed files are cached for a year, the rest revalidated. */
export async function registerStaticAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  const assetsDir = path.join(clientDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header(
        'Cache-Control',
        filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
