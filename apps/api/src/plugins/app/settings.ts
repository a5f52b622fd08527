import fp from 'fastify-plugin';
import { readSettings } from '../../features/settings/read';

/**
 * Stores a new database's default settings (docs/decisions/037-owner-settings.md) before the server
 * answers anything, so no visitor's read is the one that writes them: that write would be heard as a
 * change and drop the very answers it had just let the public cache keep.
 */
export default fp(
  async (app) => {
    await readSettings({ config: app.config, database: app.database, now: app.now });
  },
  { name: 'settings', dependencies: ['config', 'database'] },
);
