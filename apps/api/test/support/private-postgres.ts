/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, its own port), so a test
 * can stop and start the database under a running server without touching the shared one.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './http';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`, trust authentication. */
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are ended (57P01), new connections refused. */
  stop(): Promise<void>;
  /** Stops the cluster if it runs and deletes its directory; never throws. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's bin directory, or null. */
export function findPostgresBin(): string | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => existsSync(path.join(POSTGRES_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(POSTGRES_ROOT, versions[0], 'bin') : null;
}

/**
 * Whether this run can hold the tests that need PostgreSQL binaries. In CI their absence is a
 * failure (thrown here), elsewhere a skip with the reason printed.
 */
export function postgresBinariesOrSkip(suite: string): boolean {
  if (findPostgresBin()) return true;
  const reason = `${suite}: no PostgreSQL binaries under ${POSTGRES_ROOT}/*/bin (apt-get install postgresql)`;
  if (process.env.CI) throw new Error(`${reason}; CI must run these tests`);
  console.warn(`SKIPPED ${reason}`);
  return false;
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function asOwner(bin: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(`no PostgreSQL binaries under ${POSTGRES_ROOT}/*/bin`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'journey-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const pg = (tool: string, args: string[]) => run(...asOwner(path.join(bin, tool), args));

  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  let running = false;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
      await pg('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
      running = true;
    },
    async stop() {
      await pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await cluster.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}
