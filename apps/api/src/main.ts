import v8 from 'node:v8';
import { ConfigError, loadConfig, type Config } from './config';
import { buildServer } from './server';

// Under load the old generation grew to three times what was live (148 MB for ~55 MB) before V8
// collected it; a fixed growth of 50 % keeps the RSS near the live heap at no measured cost in
// throughput. V8 reads this flag at every collection (docs/decisions/052-pglite-in-a-worker-thread.md).
v8.setFlagsFromString('--heap-growing-percent=50');

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildServer(config);

/**
 * A crash is logged like everything else, then the process ends as Node would end it (exit 1); the
 * log destination flushes what it holds on exit, this last line included.
 */
const crash = (kind: string) => (error: unknown) => {
  app.log.fatal({ err: error }, kind);
  process.exit(1);
};
process.on('uncaughtException', crash('uncaught exception'));
process.on('unhandledRejection', crash('unhandled rejection'));

/** Past this, a close that hangs (a stuck request or database) ends the process with an error. */
const SHUTDOWN_TIMEOUT_MS = 9_000;

/**
 * Stops taking connections, lets the requests in flight finish (Fastify's `close`: idle keep-alive
 * sockets are closed, busy ones after their answer), closes the database (PGlite flushes), exits 0.
 */
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  app.log.info('shut down');
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
