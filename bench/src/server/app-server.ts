import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { startServerProcess } from '@journey/testing';
import { onCleanup, trackChild } from '../lib/cleanup';
import { step } from '../lib/log';
import { repoRoot, serverEntryIn, webDistDirIn } from '../lib/paths';

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
  options: { timeoutMs?: number; /** Another checkout's build (default: this one's). */ root?: string } = {},
): Promise<AppServer> {
  const root = options.root ?? repoRoot;
  let count = 0;
  const tail: string[] = [];
  let unregister = () => {};
  const server = await startServerProcess({
    args: [serverEntryIn(root)],
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDistDirIn(root),
      SESSION_SECRET,
      ...storeEnv,
    },
    // Start-up is timed to the first page a visitor could get, so it is asked for often.
    readyPath: '/',
    everyMs: 10,
    timeoutMs: options.timeoutMs ?? 120_000,
    stopGraceMs: STOP_GRACE_MS,
    onSpawn: (child) => {
      trackChild(child);
      unregister = onCleanup(() => void child.kill('SIGKILL'));
      for (const stream of [child.stdout, child.stderr]) {
        if (!stream) continue;
        createInterface({ input: stream }).on('line', (line) => {
          count++;
          tail.push(line);
          if (tail.length > LOG_TAIL_LINES) tail.shift();
        });
      }
    },
  }).finally(() => unregister());
  unregister = onCleanup(() => stop());

  let reported = false;
  async function stop(): Promise<void> {
    unregister();
    await server.stop();
    if (count > 0 && !reported) {
      reported = true;
      const driver = storeEnv.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
      serverLogReports.push(
        `a server on ${driver} logged ${count} lines; the last: \`${tail.at(-1) ?? ''}\``,
      );
      step(`the server logged ${count} lines; the last ones:\n${tail.join('\n')}`);
    }
  }

  if (server.child.pid === undefined) throw new Error('the server has no pid');
  return { url: server.base, pid: server.child.pid, readyMs: server.readyMs, stop };
}
