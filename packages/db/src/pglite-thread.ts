import { Worker } from 'node:worker_threads';
import type { PGliteOptions, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

type Call =
  | { op: 'ready' | 'close' | 'begin' }
  | { op: 'query'; sql: string; params?: unknown[]; options?: WireQueryOptions; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump'; compression?: 'gzip' | 'none' | 'auto' };

/** Query options as they cross to the worker: the types whose text is kept, instead of parser functions. */
type WireQueryOptions = Omit<QueryOptions, 'parsers'> & { textTypes?: number[] };

type Answer = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };
type Notification = { channel: string; payload: string };

/** The part of PGlite's API the queries, Drizzle, the migrator and the watchers use. */
export interface PgliteClient {
  readonly closed: boolean;
  readonly waitReady: Promise<void>;
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<File | Blob>;
  close(): Promise<void>;
}

/**
 * PGlite in a worker thread, behind the same API: the database's WebAssembly runs beside the server's
 * event loop instead of inside it, so a write or a rebuild's queries no longer stall every other
 * request (docs/decisions/052-pglite-in-a-worker-thread.md). Statements still run one at a time, in
 * the order sent; a transaction holds the database until it ends, as PGlite's own does.
 */
export class PgliteThread implements PgliteClient {
  #worker: Worker;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #listeners = new Map<string, Set<(payload: string) => void>>();
  #lastId = 0;
  #stopped: Error | undefined;
  closed = false;
  readonly waitReady: Promise<void>;

  constructor(options: Pick<PGliteOptions, 'dataDir' | 'loadDataDir' | 'startParams'>) {
    this.#worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
      workerData: { options },
      // It allocates only the messages it relays: V8's default young generation was 24 MB of RSS for nothing.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    this.#worker.on('message', (message: Answer | Notification) => this.#receive(message));
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) => this.#stop(new Error(`PGlite is closed: its thread exited (${code})`)));
    this.#worker.unref();
    this.waitReady = this.#call({ op: 'ready' }).then(() => undefined);
  }

  #receive(message: Answer | Notification): void {
    if ('channel' in message) {
      for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
      return;
    }
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.error) pending.reject(Object.assign(new Error(message.error.message), message.error));
    else pending.resolve(message.result);
  }

  /** Every call still waiting fails as a closed PGlite's would, so callers see the database as unavailable. */
  #stop(error: Error): void {
    this.#stopped ??= /PGlite is closed/.test(error.message)
      ? error
      : new Error(`PGlite is closed: its thread failed (${error.message})`, { cause: error });
    this.closed = true;
    for (const pending of this.#pending.values()) pending.reject(this.#stopped);
    this.#pending.clear();
  }

  #call<T>(call: Call): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#lastId;
    // The thread keeps the process alive only while an answer is awaited, like a socket would.
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...call, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.#call<Results<T>>({ op: 'query', sql, params, options: toWire(options), tx });
  }

  exec(sql: string, tx?: number): Promise<Array<Results>> {
    return this.#call<Array<Results>>({ op: 'exec', sql, tx });
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    const tx = {
      closed: false,
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.query<R>(sql, params, options, id),
      sql: () => Promise.reject(new Error('tagged templates do not cross to the PGlite thread')),
      exec: (sql: string) => this.exec(sql, id),
      rollback: () => Promise.reject(new Error('throw from the callback to roll back')),
      listen: () => Promise.reject(new Error('listen outside the transaction')),
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw error;
    }
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = await this.#call<number>({ op: 'listen', channel });
    const callbacks = this.#listeners.get(channel) ?? new Set();
    callbacks.add(callback);
    this.#listeners.set(channel, callbacks);
    return async () => {
      callbacks.delete(callback);
      await this.#call({ op: 'unlisten', listener });
    };
  }

  dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<File | Blob> {
    return this.#call<Blob>({ op: 'dump', compression });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#stop(new Error('PGlite is closed'));
      await this.#worker.terminate();
    }
  }
}

/**
 * Parser functions cannot cross threads. Drizzle's only keep some types' text as it is, which the
 * worker does by OID; any other parser is refused rather than silently dropped.
 */
function toWire(options: QueryOptions | undefined): WireQueryOptions | undefined {
  if (!options?.parsers) return options;
  const { parsers, ...rest } = options;
  const textTypes = Object.entries(parsers).map(([oid, parse]) => {
    if (parse('2024-01-02 03:04:05', Number(oid)) !== '2024-01-02 03:04:05')
      throw new Error(`only parsers that keep the text cross to the PGlite thread (type ${oid})`);
    return Number(oid);
  });
  return { ...rest, textTypes };
}
