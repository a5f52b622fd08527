import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startServerProcess } from '@journey/testing';
import { onCleanup, trackChild } from '../lib/cleanup';
import { step } from '../lib/log';
import { repoRoot, serverEntryIn, webDistDirIn } from '../lib/paths';
import { makeTempDir } from '../lib/temp-dir';

/** One secret for the whole run, so the admin's cookie survives a restart on the same database. */
const SESSION_SECRET = randomBytes(36).toString('base64url');
const LOG_TAIL_LINES = 20;
const STOP_GRACE_MS = 15_000;
/** pino's levels: 40 is warn. */
const WARN = 40;

/** One line per server that logged anything at warn or above: a quiet server logs none during a run. */
export const serverLogReports: string[] = [];

export interface AppServer {
  url: string;
  pid: number;
  /** Milliseconds from spawning the process to its first 200 on `/`. */
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * Starts the production bundle as `pnpm start >> app.log 2>&1` would, in its default configuration
 * (request logs at info) and with only the variables given here: an inherited DATABASE_URL must never
 * turn a PGlite run into a PostgreSQL one. The log goes to a file, as in production, never into a pipe
 * the harness reads; the lines at warn and above (and anything not JSON, such as a crash's stack) are
 * reported once the server stops.
 */
export async function startAppServer(
  storeEnv: { DATA_DIR: string; DATABASE_URL?: string } & Record<string, string | undefined>,
  options: { timeoutMs?: number; /** Another checkout's build (default: this one's). */ root?: string } = {},
): Promise<AppServer> {
  const root = options.root ?? repoRoot;
  const logDir = await makeTempDir('log');
  const logFile = path.join(logDir.path, 'app.log');
  let unregister = () => {};
  const server = await startServerProcess({
    args: [serverEntryIn(root)],
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      WEB_DIST_DIR: webDistDirIn(root),
      SESSION_SECRET,
      ...storeEnv,
    },
    logFile,
    // Start-up is timed to the first page a visitor could get, so it is asked for often.
    readyPath: '/',
    everyMs: 10,
    timeoutMs: options.timeoutMs ?? 120_000,
    stopGraceMs: STOP_GRACE_MS,
    onSpawn: (child) => {
      trackChild(child);
      unregister = onCleanup(() => void child.kill('SIGKILL'));
    },
  }).finally(() => unregister());
  unregister = onCleanup(() => stop());

  let stopped = false;
  async function stop(): Promise<void> {
    unregister();
    await server.stop();
    if (stopped) return;
    stopped = true;
    const { lines, count, last } = await notableLines(logFile);
    await logDir.remove();
    if (count === 0) return;
    const driver = storeEnv.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    serverLogReports.push(
      `a server on ${driver} logged ${count} lines at warn or above (of ${lines}); the last: \`${last.at(-1)}\``,
    );
    step(`the server logged ${count} lines at warn or above; the last ones:\n${last.join('\n')}`);
  }

  if (server.child.pid === undefined) throw new Error('the server has no pid');
  return { url: server.base, pid: server.child.pid, readyMs: server.readyMs, stop };
}

/** How many lines the log holds, how many are at warn or above (or not JSON at all), and the last of those. */
async function notableLines(file: string): Promise<{ lines: number; count: number; last: string[] }> {
  let lines = 0;
  let count = 0;
  const last: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file) })) {
    lines++;
    // Most lines are info: their prefix tells, without parsing millions of them.
    if (line.startsWith('{"level":30,') || line === '') continue;
    const level = levelOf(line);
    if (level !== undefined && level < WARN) continue;
    count++;
    last.push(line);
    if (last.length > LOG_TAIL_LINES) last.shift();
  }
  return { lines, count, last };
}

function levelOf(line: string): number | undefined {
  try {
    const level = (JSON.parse(line) as { level?: unknown }).level;
    return typeof level === 'number' ? level : undefined;
  } catch {
    return undefined;
  }
}
