import path from 'node:path';
import fastifyMiddie from '@fastify/middie';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { WebDev } from '../../http/web-dev';

/**
 * Serves the built client assets, precompressed at build time (.br and .gz beside each file, sent by
 * the client's Accept-Encoding; the plain file otherwise). Hashed files under /assets are cached for a
 * year, the rest revalidated (no-cache, with an ETag). Dotfiles such as the build's .vite/manifest.json
 * (read by the server) are not served.
 */
export default fp(
  async (app) => {
    if (!app.web) return;
    // `pnpm dev`: Vite serves the modules and public/ from the sources (http/web-dev.ts).
    if ('middlewares' in app.web) {
      await app.register(fastifyMiddie);
      app.use((app.web as WebDev).middlewares);
      return;
    }
    const { clientDir } = app.web;
    const assetsDir = path.join(clientDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      dotfiles: 'ignore',
      setHeaders(res, filePath) {
        res.header(
          'Cache-Control',
          filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  },
  { name: 'static-files', dependencies: ['web-build'] },
);
