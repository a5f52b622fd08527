import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';

type Reply = { op: 'ready' | 'dump' | 'close'; result?: unknown; error?: string };

/** The embedded database running in its worker, reached at `socket` as PostgreSQL is at its URL. */
export interface PgliteServer {
  /** A Unix socket in a new owner-only directory: no port, and no other user can connect. */
  readonly socket: string;
  /** Resolves when the thread has ended, whether closed or crashed. */
  readonly exited: Promise<void>;
  dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<Blob>;
  /** Flushes and closes PGlite (releasing the data directory), then ends the thread. */
  close(): Promise<void>;
}

/**
 * Starts PGlite in a worker thread serving the PostgreSQL protocol (`@electric-sql/pglite-socket`),
 * so that the server speaks to it through postgres.js as it speaks to PostgreSQL, and its WebAssembly
 * runs beside the server's event loop (docs/decisions/065-one-driver-pglite-behind-a-socket.md).
 */
export async function startPgliteServer(
  options: Pick<PGliteOptions, 'dataDir' | 'loadDataDir'> & { settings: string[] },
): Promise<PgliteServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'journey-pglite-'));
  const socket = path.join(directory, '.s.PGSQL.5432');
  const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
    workerData: { options, path: socket },
    // It relays bytes: V8's default young generation was 24 MB of RSS for nothing (decision 052).
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  // Held only while an answer is awaited: the open connection to it holds a process, as on PostgreSQL.
  worker.unref();
  // The socket's directory goes with the thread, however it ended.
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve())).then(() =>
    rm(directory, { recursive: true, force: true }),
  );

  const replies: Array<(reply: Reply) => void> = [];
  worker.on('message', (reply: Reply) => {
    replies.shift()?.(reply);
    if (replies.length === 0) worker.unref();
  });
  const request = <T>(op: Reply['op'], message: object = {}) =>
    new Promise<T>((resolve, reject) => {
      worker.ref();
      replies.push((reply) =>
        reply.error ? reject(new Error(`PGlite: ${reply.error}`)) : resolve(reply.result as T),
      );
      if (op !== 'ready') worker.postMessage({ op, ...message });
    });

  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    void exited.then(() => reject(new Error('PGlite is closed: its thread exited')));
  });
  await Promise.race([request('ready'), failed]);
  failed.catch(() => {});

  return {
    socket,
    exited,
    dumpDataDir: (compression) => Promise.race([request<Blob>('dump', { compression }), failed]),
    async close() {
      try {
        await Promise.race([request('close'), failed]);
      } finally {
        await worker.terminate();
        await exited;
      }
    },
  };
}
