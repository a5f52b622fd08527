/**
 * The real server as a child process, started from the sources (`node --import tsx src/main.ts`) the
 * way `pnpm dev` runs it, so signals, sockets and the process exit are the real ones.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@journey/db';
import { createTestDatabase, pgliteTemplateFile, testDatabaseUrl } from '@journey/db/testing';
import { startServerProcess as startNodeServer, type ServerProcess } from '@journey/testing';
import { afterAll, beforeAll } from 'vitest';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

export type { Exit, ServerProcess } from '@journey/testing';

/** The database the server processes of one test share: a PGlite directory, or a new PostgreSQL database. */
export interface ServerDatabase {
  env: Record<string, string>;
  driver: 'pglite' | 'postgres';
  cleanup(): Promise<void>;
}

/**
 * On the PostgreSQL run a fresh database on TEST_DATABASE_URL; otherwise a PGlite data directory
 * unpacked from the migrated test template (a server started on an empty one would run initdb, 6-7 s).
 */
export async function serverDatabase(): Promise<ServerDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'journey-process-'));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (testDatabaseUrl()) {
    const database = await createTestDatabase();
    if (database.config.driver !== 'postgres') throw new Error('expected PostgreSQL');
    const url = database.config.url;
    await database.handle.close();
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: url },
      driver: 'postgres',
      cleanup: async () => {
        await database.cleanup().catch(() => {});
        await removeDir();
      },
    };
  }
  const pgliteDir = path.join(dataDir, 'pglite');
  mkdirSync(pgliteDir);
  const template = new Blob([readFileSync(await pgliteTemplateFile())]);
  const handle = await createDatabase({ driver: 'pglite', dataDir: pgliteDir, loadDataDir: template });
  await handle.close();
  return { env: { DATA_DIR: dataDir }, driver: 'pglite', cleanup: removeDir };
}

/** Starts the server and resolves once `/readyz` answers 200. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return startNodeServer({
    args: ['--import', 'tsx', 'src/main.ts'],
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-secret-that-is-long-enough-for-signing-cookies',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'journey-no-web-app'),
      LOG_LEVEL: 'warn',
      ECB_RATES_URL: 'off',
      ...env,
    },
    readyPath: '/readyz',
    // A hang guard: a start from the sources is seconds idle, a minute beside other builds (decision 058).
    timeoutMs: 120_000,
  });
}

/** Ends a server that may still run (test cleanup). */
export async function killServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/**
 * For a describe block: a server database made before its tests; every process `start` gave is killed,
 * and the database removed, after them (after the block's own `afterAll`s, which run first).
 */
export function useServerProcesses(): {
  database(): ServerDatabase;
  /** A server on the block's database, with `env` on top of the usual variables. */
  start(env?: Record<string, string>): Promise<ServerProcess>;
} {
  let database: ServerDatabase | undefined;
  const started: ServerProcess[] = [];
  beforeAll(async () => {
    database = await serverDatabase();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(started.map((server) => killServerProcess(server)));
    await database?.cleanup();
  });
  const current = () => {
    if (!database) throw new Error('the server database is not made yet');
    return database;
  };
  return {
    database: current,
    async start(env = {}) {
      const server = await startServerProcess({ ...current().env, ...env });
      started.push(server);
      return server;
    },
  };
}
