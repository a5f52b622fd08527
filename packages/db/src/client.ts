import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql, type Logger } from 'drizzle-orm';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import {
  DATA_CHANGE_CHANNEL,
  sharedConnectionWatchers,
  watchPostgres,
  type DataChangeEvents,
  type StopWatching,
} from './data-changes';
import { upgradeLedger } from './ledger-upgrade';
import { matchPublicChangeTriggers } from './public-change-triggers';
import { startPgliteServer, type PgliteServer } from './pglite-server';
import { makePrivateDirectory, makePrivateTree } from './private-files';
import * as schema from './schema';

/** One Drizzle API over one driver (postgres.js), whichever database answers it. */
export type Database = PostgresJsDatabase<typeof schema>;

/** `logger` sees every query Drizzle sends (tests read the plans of the queries it records). */
export type DatabaseConfig = { logger?: Logger } & (
  | { driver: 'postgres'; url: string; maxConnections?: number }
  /**
   * `dataDir` persists on disk; without it the database lives in memory. A new `dataDir` starts as a
   * copy of the `template` directory (a closed, migrated data directory) when given, which skips initdb.
   */
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob; template?: string }
);

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseConfig['driver'];
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /** Runs raw SQL with bound parameters, for tools such as EXPLAIN that Drizzle does not build. */
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * Hears every committed write to the tables the public answers show, from any process (PostgreSQL
   * LISTEN/NOTIFY, public-change-triggers.ts). Resolves once the first LISTEN succeeded or failed; the returned
   * function stops watching, and `close` stops every watcher.
   */
  watchDataChanges(events: DataChangeEvents): Promise<StopWatching>;
  /** Stops the watchers, then closes the connections (PGlite: flushes and releases the data directory). */
  close(): Promise<void>;
  /** The embedded database's data directory as an archive, for tools that copy it (PGlite only). */
  dumpDataDir?(compression?: 'gzip' | 'none' | 'auto'): Promise<Blob>;
}

const require = createRequire(import.meta.url);
/** Resolved through the package itself, so it holds from the sources and from a bundled server. */
export const migrationsFolder = path.join(
  path.dirname(require.resolve('@journey/db/package.json')),
  'drizzle',
);

/**
 * Opens the database, applies pending migrations (which also seed a new database), gives the public
 * tables their change triggers, brings the ledger up to date (ledger-upgrade.ts), and returns it.
 */
export async function createDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const handle = config.driver === 'postgres' ? openPostgres(config) : await openPglite(config);
  try {
    await migrate(handle.db, { migrationsFolder });
    await matchPublicChangeTriggers(handle.query);
    await upgradeLedger(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

const CONNECTION_OPTIONS = {
  onnotice: () => {},
  // Bounds a request while PostgreSQL is unreachable: it fails with CONNECT_TIMEOUT (a 503), not later.
  connect_timeout: 3,
  // postgres.js waits up to 20 s between attempts after repeated failures (3^n / 100 s), and a query
  // waits with it: requests would hang through an outage and long after it. Retry within half a second.
  backoff: (attempt: number) => Math.min(0.05 * attempt, 0.5),
};

/** The Drizzle database and raw queries over one postgres.js client, for either database. */
function connect(client: postgres.Sql, logger: Logger | undefined) {
  const db: Database = drizzle(client, { schema, logger: logger ?? false });
  return {
    db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    query: async (text: string, params: unknown[] = []) =>
      client.unsafe<Record<string, unknown>[]>(text, params as postgres.ParameterOrJSON<never>[]),
  };
}

function openPostgres(config: Extract<DatabaseConfig, { driver: 'postgres' }>) {
  const client = postgres(config.url, { ...CONNECTION_OPTIONS, max: config.maxConnections ?? 10 });
  const watchers = watcherSet();
  return {
    ...connect(client, config.logger),
    driver: 'postgres' as const,
    watchDataChanges: (events: DataChangeEvents) =>
      watchers.add(watchPostgres(config.url, CONNECTION_OPTIONS, events)),
    close: async () => {
      await watchers.stopAll();
      await client.end({ timeout: 5 });
    },
  };
}

/** The watchers of one handle, so closing the handle stops them (each stops once, whoever asks first). */
function watcherSet() {
  const stops = new Set<StopWatching>();
  return {
    async add(watching: Promise<StopWatching>): Promise<StopWatching> {
      const stop = await watching;
      const stopOnce = async () => {
        if (stops.delete(stopOnce)) await stop();
      };
      stops.add(stopOnce);
      return stopOnce;
    },
    stopAll: () => Promise.all([...stops].map((stop) => stop())),
  };
}

/**
 * PGlite allocates its shared buffers inside the WebAssembly heap and touches them all: at the
 * PostgreSQL default of 128 MB they are a third of the server's RSS, for a database of a few MB
 * (docs/decisions/048-write-path-under-load.md); 16 MB since decision 052.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** Its data directory made ready (copied from the template when new, owner-only), then PGlite started. */
async function startPglite(config: Extract<DatabaseConfig, { driver: 'pglite' }>): Promise<PgliteServer> {
  const { dataDir, template, loadDataDir } = config;
  const isNew = dataDir !== undefined && !existsSync(path.join(dataDir, 'PG_VERSION'));
  // A plain copy of the files: faster than unpacking a dump into PGlite's file system.
  if (isNew && dataDir && template && existsSync(path.join(template, 'PG_VERSION'))) {
    await cp(template, dataDir, { recursive: true });
  }
  // Owner-only before PGlite opens anything: a copy keeps the template's modes, an archive its own.
  if (dataDir) {
    await makePrivateDirectory(dataDir);
    await makePrivateTree(dataDir);
  }
  const server = await startPgliteServer({
    settings: PGLITE_SETTINGS,
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  // PGlite unpacks a dump (loadDataDir) with the umask's modes; PostgreSQL creates its own files 0600.
  if (dataDir) await makePrivateTree(dataDir);
  return server;
}

/**
 * PGlite in its thread, reached through one postgres.js connection to its socket: the same driver,
 * queries and migrator as PostgreSQL (docs/decisions/065-one-driver-pglite-behind-a-socket.md).
 */
async function openPglite(config: Extract<DatabaseConfig, { driver: 'pglite' }>) {
  const server = await startPglite(config);
  let closing = false;
  const watchers = sharedConnectionWatchers(() => client.unsafe(`listen ${DATA_CHANGE_CHANNEL}`));
  const client = postgres({
    ...CONNECTION_OPTIONS,
    path: server.socket,
    username: 'postgres',
    database: 'postgres',
    // PGlite is one backend: one connection, kept for the life of the handle (it holds the LISTEN).
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    onnotify: watchers.onnotify,
    onclose: () => {
      if (!closing) watchers.dropped();
    },
    // `onnotify` is how postgres.js's own `sql.listen` hears notifications; its types leave it out.
  } as postgres.Options<Record<string, never>>);
  // A thread that ended on its own (a crash of the WebAssembly) fails every query as unavailable: a 503.
  void server.exited.then(() => {
    watchers.lost();
    if (closing) return;
    closing = true;
    void client.end({ timeout: 0 });
  });
  return {
    ...connect(client, config.logger),
    driver: 'pglite' as const,
    watchDataChanges: watchers.watch,
    dumpDataDir: server.dumpDataDir,
    close: async () => {
      closing = true;
      await client.end({ timeout: 5 });
      await server.close();
    },
  };
}

/**
 * A new, migrated and seeded embedded database as a gzipped data directory: what a first start or a
 * test copies instead of running initdb (6-7 s and ~750 MB here, docs/architecture.md#platform-facts).
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const handle = await createDatabase({ driver: 'pglite' });
  try {
    if (!handle.dumpDataDir) throw new Error('an embedded database dumps its data directory');
    return await handle.dumpDataDir('gzip');
  } finally {
    await handle.close();
  }
}
