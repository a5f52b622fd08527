import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { PgliteThread, type PgliteClient } from './pglite-thread';
import { watchPglite, watchPostgres, type DataChangeEvents, type StopWatching } from './data-changes';
import { makePrivateDirectory, makePrivateTree } from './private-files';
import * as schema from './schema';

/** One Drizzle API over either driver: query modules never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** `logger` sees every query Drizzle sends (tests read the plans of the queries it records). */
export type DatabaseConfig = { logger?: Logger } & (
  | { driver: 'postgres'; url: string; maxConnections?: number }
  /**
   * `dataDir` persists on disk; without it the database lives in memory. A new `dataDir` starts as a
   * copy of the `template` directory (a closed, migrated data directory) when given, which skips initdb.
   */
  | {
      driver: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      template?: string;
      /** Runs PGlite in a worker thread, off the caller's event loop (the server does). */
      thread?: boolean;
    }
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
   * LISTEN/NOTIFY, migration 0004). Resolves once the first LISTEN succeeded or failed; the returned
   * function stops watching, and `close` stops every watcher.
   */
  watchDataChanges(events: DataChangeEvents): Promise<StopWatching>;
  /** Stops the watchers, then closes the connections (PGlite: flushes and releases the data directory). */
  close(): Promise<void>;
  /** The embedded database's client, for tools that dump or copy it. */
  pglite?: PgliteClient;
}

const require = createRequire(import.meta.url);
/** Resolved through the package itself, so it holds from the sources and from a bundled server. */
export const migrationsFolder = path.join(
  path.dirname(require.resolve('@journey/db/package.json')),
  'drizzle',
);

/** Opens the database, applies pending migrations (which also seed a new database) and returns it. */
export async function createDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const handle = config.driver === 'postgres' ? openPostgres(config) : await openPglite(config);
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openPostgres(config: Extract<DatabaseConfig, { driver: 'postgres' }>) {
  const options = {
    onnotice: () => {},
    // Bounds a request while PostgreSQL is unreachable: it fails with CONNECT_TIMEOUT (a 503), not later.
    connect_timeout: 3,
    // postgres.js waits up to 20 s between attempts after repeated failures (3^n / 100 s), and a query
    // waits with it: requests would hang through an outage and long after it. Retry within half a second.
    backoff: (attempt: number) => Math.min(0.05 * attempt, 0.5),
  };
  const client = postgres(config.url, { ...options, max: config.maxConnections ?? 10 });
  const db = drizzlePostgres(client, { schema, logger: config.logger ?? false });
  const watchers = watcherSet();
  return {
    db: db as Database,
    driver: 'postgres' as const,
    migrate: () => migratePostgres(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    query: async (text: string, params: unknown[] = []) =>
      client.unsafe<Record<string, unknown>[]>(text, params as postgres.ParameterOrJSON<never>[]),
    watchDataChanges: (events: DataChangeEvents) => watchers.add(watchPostgres(config.url, options, events)),
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

async function openPglite(config: Extract<DatabaseConfig, { driver: 'pglite' }>) {
  const isNew = config.dataDir !== undefined && !existsSync(path.join(config.dataDir, 'PG_VERSION'));
  // A plain copy of the files: faster than unpacking a dump into PGlite's file system.
  if (isNew && config.dataDir && config.template && existsSync(path.join(config.template, 'PG_VERSION'))) {
    await cp(config.template, config.dataDir, { recursive: true });
  }
  // Owner-only before PGlite opens anything: a copy keeps the template's modes, an archive its own.
  if (config.dataDir) {
    await makePrivateDirectory(config.dataDir);
    await makePrivateTree(config.dataDir);
  }
  const options = {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    ...(config.dataDir ? { dataDir: config.dataDir } : {}),
    ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}),
  };
  const client: PgliteClient = config.thread ? new PgliteThread(options) : new PGlite(options);
  await client.waitReady;
  // PGlite unpacks a dump (loadDataDir) with the umask's modes; PostgreSQL creates its own files 0600.
  if (config.dataDir) await makePrivateTree(config.dataDir);
  const watchers = watcherSet();
  // Drizzle's driver only calls what PgliteClient declares (query, transaction); its type asks for the class.
  const db = drizzlePglite({ client: client as PGlite, schema, logger: config.logger ?? false });
  return {
    db: db as Database,
    driver: 'pglite' as const,
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    query: async (text: string, params: unknown[] = []) =>
      (await client.query<Record<string, unknown>>(text, params)).rows,
    watchDataChanges: (events: DataChangeEvents) => watchers.add(watchPglite(client, events)),
    close: async () => {
      await watchers.stopAll();
      await client.close();
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
    return await (handle.pglite as PgliteClient).dumpDataDir('gzip');
  } finally {
    await handle.close();
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** True when an error means the database cannot be reached, as opposed to a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (current instanceof Error && /PGlite is closed/i.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Two writes of the same rows at once that the database could not both apply: a unique violation, a
 * serialization failure, a deadlock, a lock not available. Thrown on purpose as WriteConflictError too.
 * The API answers 409 (docs/decisions/057-render-limits-and-http-hardening.md).
 */
const CONFLICT_CODES = new Set(['23505', '40001', '40P01', '55P03']);

/** A write found its row changed under it by another at the same time (see isWriteConflict). */
export class WriteConflictError extends Error {
  constructor(message = 'another write changed the row at the same time') {
    super(message);
  }
}

export function isWriteConflict(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof WriteConflictError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when an error is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
