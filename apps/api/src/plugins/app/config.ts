import fp from 'fastify-plugin';
import type { Config } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The server's clock; tests fix it to check answers that depend on today (the revenue series). */
    now: () => Date;
  }
}

/** The configuration and the clock, read from the instance by every later stage. */
export default fp<{ config: Config; now?: () => Date }>(
  async (app, options) => {
    app.decorate('config', options.config);
    app.decorate('now', options.now ?? (() => new Date()));
    if (options.config.env === 'production' && !options.config.publicUrl) {
      app.log.warn(
        'PUBLIC_URL is not set: absolute links and the cross-site check take the origin from the Host header, ' +
          'which a DNS-rebinding page controls; set PUBLIC_URL to the public origin',
      );
    }
  },
  { name: 'config' },
);
