import fp from 'fastify-plugin';
import { loadWebBuild, type WebBuild } from '../../http/ssr-module';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built web app (pages, assets, script hashes), or null when serving the API only. */
    web: WebBuild | null;
  }
}

export default fp(
  async (app) => {
    const web = await loadWebBuild(app.config.webDistDir);
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
