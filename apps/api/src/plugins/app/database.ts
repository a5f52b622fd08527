import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, makePrivateDirectory, type DatabaseHandle } from '@journey/db';
import fp from 'fastify-plugin';
import type { Config } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** Written beside the bundle by the build; absent when running from the sources, which then run initdb. */
const PGLITE_TEMPLATE = fileURLToPath(new URL('./pglite-template', import.meta.url));

/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in
 * DATA_DIR, a new one copied from `template`.
 */
export async function openDatabase(config: Config, template = PGLITE_TEMPLATE): Promise<DatabaseHandle> {
  if (config.databaseUrl) return createDatabase({ driver: 'postgres', url: config.databaseUrl });
  // It holds the database and the generated session secret: owner-only (docs/decisions/058-dependable-tests-password-reset-private-files.md).
  await makePrivateDirectory(config.dataDir);
  return createDatabase({
    driver: 'pglite',
    dataDir: path.join(config.dataDir, 'pglite'),
    template,
  });
}

/** The database given (tests), or one opened from the configuration and closed with the server. */
export default fp<{ database?: DatabaseHandle }>(
  async (app, options) => {
    const database = options.database ?? (await openDatabase(app.config));
    if (!options.database) app.addHook('onClose', () => database.close());
    app.decorate('database', database);
  },
  { name: 'database', dependencies: ['config'] },
);
