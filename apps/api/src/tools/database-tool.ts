// What the database commands share: the server's own configuration and database, and clean failures.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BackupError, type DatabaseHandle } from '@journey/db';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../plugins/app/database';

/** A failure the user can fix from its message alone: printed without a stack, exit code 1. */
export class ToolError extends Error {
  override name = 'ToolError';
}

/** Relative paths are taken from where the command was started, as DATA_DIR is (npm and pnpm set INIT_CWD). */
export const fromStartDirectory = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/** Names the database without its password. */
function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `the embedded database in ${path.join(config.dataDir, 'pglite')}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

/**
 * Opens the database the server would open (DATABASE_URL, else PGlite in DATA_DIR), runs `work` on it
 * and closes it. `mustExist` refuses to create a new embedded database (a backup of nothing);
 * `refuseInUse` refuses an embedded database another process has open, instead of warning.
 */
export async function withServerDatabase(
  options: { mustExist: boolean; refuseInUse?: boolean },
  work: (database: DatabaseHandle, name: string, config: Config) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  const name = describeDatabase(config);
  if (!config.databaseUrl) {
    const directory = path.join(config.dataDir, 'pglite');
    if (options.mustExist && !existsSync(path.join(directory, 'PG_VERSION'))) {
      throw new ToolError(`No embedded database in ${directory} (set DATA_DIR or DATABASE_URL).`);
    }
    // PGlite writes postmaster.pid while open and removes it on close (a kill leaves it behind); it
    // locks nothing: two processes on one data directory corrupt it.
    if (options.refuseInUse) {
      if (existsSync(path.join(directory, 'postmaster.pid')))
        throw new ToolError(
          `The embedded database in ${directory} is in use: stop the server first. If no server is ` +
            'running, the last one was killed: start it and stop it once (Ctrl+C), then run this again.',
        );
    } else
      console.warn(
        `Warning: stop the server first; the embedded database must not be open in another process.`,
      );
  }
  const database = await openDatabase(config);
  try {
    await work(database, name, config);
  } finally {
    await database.close();
  }
}

/** Runs a command: expected failures print their message and exit with 1, anything else keeps its stack. */
export async function runTool(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof ToolError || error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

export function printRowCounts(counts: Record<string, number>): void {
  const width = Math.max(...Object.keys(counts).map((table) => table.length));
  for (const [table, rows] of Object.entries(counts)) console.log(`  ${table.padEnd(width)} ${rows} rows`);
}
