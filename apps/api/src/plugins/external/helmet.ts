import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { pageScriptHashes } from '../../http/ssr-module';

/** Security headers on every answer; routes with their own set opt out with `helmet: false`. */
export default fp(
  async (app) => {
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        directives: {
          // The page template's and the renderer's own inline scripts, by hash (http/ssr-module.ts), and
          // nothing inline besides.
          'script-src': ["'self'", ...(app.web ? pageScriptHashes(app.web) : [])],
          // Experiment images may live on any https host the admin links to.
          'img-src': ["'self'", 'data:', 'https:'],
          // Plain-http installs (127.0.0.1, a LAN box) must not have their assets rewritten to https.
          'upgrade-insecure-requests': null,
        },
      },
    });
  },
  { name: 'helmet', dependencies: ['web-build'] },
);
