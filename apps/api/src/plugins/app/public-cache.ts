import fp from 'fastify-plugin';
import { publicTablesChangedBy } from '@journey/db';
import { PublicCache } from '../../http/public-cache';

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

/**
 * The public cache, emptied by every committed write of any process (see PublicCache), and suspended
 * while such writes could go unheard.
 */
export default fp(
  async (app) => {
    const publicCache = new PublicCache({ suspended: true, now: app.now });
    const stopWatching = await app.database.watchDataChanges({
      onChange: (table) => publicCache.invalidate(publicTablesChangedBy(table)),
      onListening: () => {
        if (publicCache.suspended) app.log.info('hearing data changes: public cache on');
        publicCache.resume();
      },
      onLost: () => {
        app.log.warn('data changes may go unheard: public cache off until the database is back');
        publicCache.suspend();
      },
    });
    app.addHook('onClose', stopWatching);
    app.decorate('publicCache', publicCache);
  },
  { name: 'public-cache', dependencies: ['config', 'database'] },
);
