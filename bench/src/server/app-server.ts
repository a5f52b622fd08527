import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { onCleanup, trackChild } from '../lib/cleanup';
import { step } from '../lib/log';
import { repoRoot, serverEntry, webDistDir } from '../lib/paths';
import { freePort } from './free-port';
import { waitForOk } from './wait-for-ok';

/** One secret for the whole run, so the admin's cookie survives a restart on the same database. */
const SESSION_SECRET = randomBytes(36).toString('base64url');
const LOG_TAIL_LINES = 20;
const STOP_GRACE_MS = 15_000;

/** One line per server that logged anything (warn and above): a quiet server logs nothing during a run. */
export const serverLogReports: string[] = [];

export interface AppServer {
  url: string;
  pid: number;
  /** Milliseconds from spawning the process to its first 200 on `/`. */
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * Starts the production bundle as `pnpm start` would, with only the variables given here:
 * an inherited DATABASE_URL must never turn a PGlite run into a PostgreSQL one.
 */
export async function startAppServer(
  storeEnv: { DATA_DIR: string; DATABASE_URL?: string },
  options: { timeoutMs?: number } = {},
): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIST_DIR: webDistDir,
    SESSION_SECRET,
    ...storeEnv,
  };

  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(child);
  const unregister = onCleanup(() => stop());

  let count = 0;
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      count++;
      tail.push(line);
      if (tail.length > LOG_TAIL_LINES) tail.shift();
    });
  }
  let reported = false;
  let exitNote: string | null = null;
  child.once('exit', (code, signal) => {
    exitNote = `the server exited (${signal ?? `code ${code}`}); its last lines:\n${tail.join('\n')}`;
  });

  async function stop(): Promise<void> {
    unregister();
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const graceful = await Promise.race([exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
      if (!graceful) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    if (count > 0 && !reported) {
      reported = true;
      const driver = storeEnv.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
      serverLogReports.push(
        `a server on ${driver} logged ${count} lines; the last: \`${tail.at(-1) ?? ''}\``,
      );
      step(`the server logged ${count} lines; the last ones:\n${tail.join('\n')}`);
    }
  }

  try {
    await waitForOk(`${url}/`, { timeoutMs: options.timeoutMs ?? 120_000, stillRunning: () => exitNote });
  } catch (error) {
    await stop();
    throw error;
  }
  const readyMs = performance.now() - started;
  if (child.pid === undefined) throw new Error('the server has no pid');
  return { url, pid: child.pid, readyMs, stop };
}
