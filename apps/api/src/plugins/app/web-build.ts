import fp from 'fastify-plugin';
import type { WebBuild } from '../../http/ssr-module';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built web app (pages, assets, script hashes), or null when serving the API only. */
    web: WebBuild | null;
  }
}

/** `web`: the build's loading, begun by the server before the other plugins (http/ssr-module.ts). */
export default fp<{ web: Promise<WebBuild | null> }>(
  async (app, options) => {
    const web = await options.web;
    if (!web) {
      app.log.warn(
        { distDir: app.config.webDistDir },
        'no built web app: serving the API only (run `pnpm build`)',
      );
    }
    app.decorate('web', web);
  },
  { name: 'web-build', dependencies: ['config'] },
);
