import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A response as sent: what an anonymous reader gets until the data changes. */
export interface CachedResponse {
  status: number;
  contentType: string;
  body: Buffer;
  etag: string;
}

export type FreshResponse = Omit<CachedResponse, 'etag'>;

/**
 * The tables public answers are built from; a write to any other (accounts, subscribers) changes none.
 * `settings` is the owner's settings (the `site_settings` row).
 */
export const PUBLIC_TABLES = ['revenues', 'milestones', 'experiments', 'settings'] as const;
export type PublicTable = (typeof PUBLIC_TABLES)[number];

/** The public tables a notification about `table` concerns: every one for a table this list lacks. */
export function publicTablesChangedBy(table: string): readonly PublicTable[] {
  // The running totals are kept by triggers on revenues; the correction ledger is written with them.
  if (table === 'revenue_totals' || table === 'revenue_ledger') return ['revenues'];
  if (table === 'site_settings') return ['settings'];
  const known = PUBLIC_TABLES.find((name) => name === table);
  return known ? [known] : PUBLIC_TABLES;
}

interface Entry {
  response: Promise<CachedResponse>;
  /** The response once produced: a hit is answered without waiting on a promise. */
  settled?: CachedResponse;
  /** What the answer was built from: a write to one of these drops it. */
  tables: readonly PublicTable[];
  /**
   * False while the entry waits for the writes in flight to end: it has read nothing yet, so no write
   * committed meanwhile can be missing from it, and no invalidation drops it.
   */
  reading: boolean;
  /** True once `response` has settled, with an answer or an error. */
  finished: boolean;
}

/** A write in flight through this server (see `beginWrite`). */
interface Write {
  tables: readonly PublicTable[];
  ended: Promise<void>;
}

/**
 * Keys come from the server (route paths, validated inputs, the origin), one per milestone page and
 * preview image among them; the least recently used answer makes room, so a crawl of every milestone
 * cannot push the landing page out, and a Host header flood only costs misses.
 */
export const MAX_ENTRIES = 256;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The longest a miss waits for the writes in flight, or a write for the answers being built, before it
 * goes on anyway. Waiting only saves renders (see `get`); freshness never depends on it, so a stuck
 * write or render cannot stall the others for long.
 */
export const MAX_TURN_WAIT_MS = 100;

const overlaps = (a: readonly PublicTable[], b: readonly PublicTable[]) =>
  a.some((table) => b.includes(table));

/** Resolves when every one of `promises` has settled, or after MAX_TURN_WAIT_MS. */
function settledOrLate(promises: readonly Promise<unknown>[]): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, MAX_TURN_WAIT_MS)));
  return Promise.race([Promise.allSettled(promises), late]).finally(() => clearTimeout(timer));
}

/**
 * The answers every anonymous reader shares (the landing HTML, the public JSON reads), produced once
 * per version of the data. Each entry knows the tables it was built from, and every successful write here
 * drops the entries built from the tables it changed (a tRPC middleware) before its response leaves, so
 * no reader can be served what the write changed, and a write that changes nothing public (a newsletter
 * sign-up) drops nothing. Writes from elsewhere (another server process, psql) drop them when their
 * notification, which names the table, arrives (`DatabaseHandle.watchDataChanges`).
 *
 * While those notifications cannot be trusted to arrive (before the first LISTEN, while the database
 * connection is lost) the cache is suspended: it keeps nothing and every read is produced afresh.
 *
 * A burst of writes costs one rebuild, not one per write: writes and rebuilds of the same tables take
 * turns. A miss while writes to the tables it reads are in flight waits for them to end before it reads,
 * so their invalidations do not drop it, and the readers arriving meanwhile share it; a write waits for
 * the rebuilds begun before it, so it does not drop them half-built. On PGlite, one connection in this
 * very thread, this only orders work that could not overlap anyway (docs/decisions/048-write-path-under-load.md).
 *
 * Some answers also depend on today's date (the revenue series ends at today's bucket): the cache
 * empties itself when the UTC day changes.
 */
export class PublicCache {
  // Holding the pending answer, not the finished one, lets the requests that miss together share one render.
  #entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  #writes = new Set<Write>();
  #suspended: boolean;
  #now: () => Date;
  #day: number;

  /**
   * `suspended`: start without caching until `resume()` (the server resumes once it hears changes).
   * `now`: the clock whose UTC day the entries belong to.
   */
  constructor(options: { suspended?: boolean; now?: () => Date } = {}) {
    this.#suspended = options.suspended ?? false;
    this.#now = options.now ?? (() => new Date());
    this.#day = this.#today();
  }

  #today(): number {
    return Math.floor(this.#now().getTime() / DAY_MS);
  }

  get suspended(): boolean {
    return this.#suspended;
  }

  /**
   * Drops the entries built from any of `tables` (by default every entry), pending ones included: a
   * render begun before the write is never kept. Call it after the write committed.
   */
  invalidate(tables: readonly PublicTable[] = PUBLIC_TABLES): void {
    const stale = [...this.#entries.entries()].filter(
      ([, entry]) => entry.reading && overlaps(entry.tables, tables),
    );
    for (const [key] of stale) this.#entries.delete(key);
  }

  /**
   * A write to `tables` (by default all) of this server: resolves once the answers being built from
   * them are done, then the misses wait for the write until the function it resolves to is called
   * (after the write's `invalidate`, or its failure).
   */
  async beginWrite(tables: readonly PublicTable[] = PUBLIC_TABLES): Promise<() => void> {
    const building = [...this.#entries.values()].filter(
      (entry) => !entry.finished && overlaps(entry.tables, tables),
    );
    if (building.length > 0) await settledOrLate(building.map((entry) => entry.response));
    let end = () => {};
    const write: Write = { tables, ended: new Promise<void>((resolve) => (end = resolve)) };
    this.#writes.add(write);
    return () => {
      this.#writes.delete(write);
      end();
    };
  }

  /** Resolves when the writes now in flight to any of `tables` have ended (or are late). */
  #writesEnded(tables: readonly PublicTable[]): Promise<unknown> {
    const writes = [...this.#writes].filter((write) => overlaps(write.tables, tables));
    return writes.length > 0 ? settledOrLate(writes.map((write) => write.ended)) : Promise.resolve();
  }

  /** Changes may go unheard from now on: serve nothing cached and keep nothing. */
  suspend(): void {
    this.#suspended = true;
    this.#entries.clear();
  }

  /** Changes are heard again; what was cached before may have missed some, so start empty. */
  resume(): void {
    this.#suspended = false;
    this.#entries.clear();
  }

  /**
   * The cached response, or `produce`'s, shared by the requests that miss at the same time. `tables`:
   * the public tables `produce` reads (by default all of them).
   */
  async get(
    key: string,
    produce: () => Promise<FreshResponse>,
    tables: readonly PublicTable[] = PUBLIC_TABLES,
  ): Promise<CachedResponse> {
    if (this.#suspended) return withEtag(await produce());
    const today = this.#today();
    if (today !== this.#day) {
      this.#day = today;
      this.#entries.clear();
    }
    const cached = this.#entries.get(key);
    if (cached) return cached.response;
    const entry: Entry = {
      tables,
      reading: false,
      finished: false,
      response: this.#writesEnded(tables)
        .then(() => {
          entry.reading = true;
          return produce();
        })
        .then(withEtag)
        .finally(() => (entry.finished = true)),
    };
    const pending = entry.response;
    this.#entries.set(key, entry);
    try {
      const response = await pending;
      // Only successes are kept.
      if (response.status !== 200) this.#dropIfSame(key, pending);
      else entry.settled = response;
      return response;
    } catch (error) {
      this.#dropIfSame(key, pending);
      throw error;
    }
  }

  /**
   * The response kept for `key` when it is ready to send, without waiting; undefined otherwise (a miss,
   * a render under way, a new UTC day, a suspended cache): then `get` decides.
   */
  peek(key: string): CachedResponse | undefined {
    if (this.#suspended || this.#today() !== this.#day) return undefined;
    return this.#entries.get(key)?.settled;
  }

  #dropIfSame(key: string, pending: Promise<CachedResponse>) {
    if (this.#entries.peek(key)?.response === pending) this.#entries.delete(key);
  }
}

function withEtag(fresh: FreshResponse): CachedResponse {
  return { ...fresh, etag: `"${createHash('sha1').update(fresh.body).digest('base64url')}"` };
}
