import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

/** Keeps the end of what the server wrote: enough for a failure message, bounded for long runs. */
const OUTPUT_LIMIT = 100_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** `performance.now()` when the process ended. */
  at: number;
}

export interface ServerProcessOptions {
  /** Node's arguments: the entry point and any flags before it. */
  args: string[];
  cwd: string;
  /** The server's whole environment: nothing is inherited. PORT and HOST are set here. */
  env: NodeJS.ProcessEnv;
  /** The path that answers 200 once the server can serve (`/healthz`, `/readyz`, `/`). */
  readyPath: string;
  timeoutMs: number;
  /** How often to ask `readyPath` (default 100 ms). */
  everyMs?: number;
  /** How long `stop()` waits after SIGTERM before it kills (default 5 s). */
  stopGraceMs?: number;
  /** Appends the server's stdout and stderr to this file instead of a pipe, as `node … >> file 2>&1` does. */
  logFile?: string;
  /** Called with the child as soon as it is spawned (to track it, or to read its output). */
  onSpawn?: (child: ChildProcess) => void;
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  exited: Promise<Exit>;
  /** Milliseconds from spawning the process to the first 200 on `readyPath`. */
  readyMs: number;
  /** What the server wrote to stdout and stderr (its end), for failure messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after the grace time; resolves once the process is gone. */
  stop(): Promise<void>;
}

/** The last OUTPUT_LIMIT bytes of a file, however long it grew. */
function tailOf(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const { size } = fstatSync(fd);
    const length = Math.min(size, OUTPUT_LIMIT);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer.toString();
  } finally {
    closeSync(fd);
  }
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Spawns `node ...args` on a free port and resolves once `readyPath` answers 200. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const file = options.logFile === undefined ? undefined : openSync(options.logFile, 'a');
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: file === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', file, file],
  });
  // The child holds its own copy of the descriptor.
  if (file !== undefined) closeSync(file);
  options.onSpawn?.(child);
  let piped = '';
  const collect = (chunk: Buffer) => (piped = (piped + chunk.toString()).slice(-OUTPUT_LIMIT));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => (options.logFile === undefined ? piped : tailOf(options.logFile));
  let gone: Exit | undefined;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve((gone = { code, signal, at: performance.now() }))),
  );

  const stop = async () => {
    if (!running(child)) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), options.stopGraceMs ?? 5_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitFor(
      `the server at ${base} ready`,
      async () => {
        if (gone) return true;
        const response = await fetch(base + options.readyPath, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        return response.status === 200;
      },
      { timeoutMs: options.timeoutMs, everyMs: options.everyMs ?? 100 },
    );
    if (gone) throw new Error(`the server process exited early (${gone.code ?? gone.signal})`);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`${(error as Error).message}\n${output()}`, { cause: error });
  }
  const readyMs = performance.now() - started;
  return { base, child, exited, readyMs, output, stop };
}
