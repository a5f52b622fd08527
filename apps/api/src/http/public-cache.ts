import { createHash } from 'node:crypto';
import { PUBLIC_TABLE_NAMES, type PublicTable } from '@journey/db';
import { LRUCache } from 'lru-cache';

export type { PublicTable } from '@journey/db';

/** An answer as produced: what an anonymous reader gets until the data changes. */
export interface FreshResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

export type Encoding = 'br' | 'gzip';

/** An answer as kept: its ETag, and its compressed bodies, each made once (http/send-cached.ts). */
export interface CachedResponse extends FreshResponse {
  etag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** The public tables it was built from: a write to one of them drops it. */
  tables: readonly PublicTable[];
}

/**
 * Keys come from the server (route paths, validated inputs, declared query parameters, the origin),
 * one per milestone page and preview image among them; the least recently used answer makes room, so
 * a crawl of every milestone cannot push the landing page out, and a Host header flood only costs misses.
 */
export const MAX_ENTRIES = 256;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a miss builds with: its producer, and the tables' versions when it began. */
interface Build {
  produce: () => Promise<FreshResponse>;
  tables: readonly PublicTable[];
  version: string;
}

/** An answer its readers get but the cache does not keep: not a 200, or built before a write landed. */
class NotKept extends Error {
  constructor(readonly response: CachedResponse) {
    super('answer not kept');
  }
}

/**
 * The answers every anonymous reader shares (pages, public reads, feeds, images), produced once per
 * version of the tables they are built from: the one place that decides a hit or a miss
 * (docs/decisions/061-one-caching-seam.md).
 *
 * Each table has a version, bumped by every write to it (`invalidate`: the tRPC middleware after a
 * write of this server commits, or the database's notification of anyone's write). An entry's key
 * holds the versions of its tables, so a read sent after a write's invalidation never finds an answer,
 * finished or being built, that was begun before it; and a build that finishes after its tables moved
 * is handed to the readers that were waiting for it, but not kept. Readers that miss together share
 * one build (`lru-cache`'s `fetch`).
 *
 * While those notifications cannot be trusted to arrive (before the first LISTEN, while the database
 * connection is lost) the cache is suspended: it keeps nothing and every read is produced afresh.
 * Some answers depend on today's date (the revenue series ends at today's bucket): the cache empties
 * itself when the UTC day changes.
 */
export class PublicCache {
  #versions = new Map<PublicTable, number>(PUBLIC_TABLE_NAMES.map((table) => [table, 0]));
  #entries = new LRUCache<string, CachedResponse, Build>({
    max: MAX_ENTRIES,
    // A build dropped while under way (a new day, a suspension, an eviction) still answers its readers.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => this.#build(context),
  });
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

  get suspended(): boolean {
    return this.#suspended;
  }

  /**
   * The kept answer for `key`, or `produce`'s, shared by the requests that miss at the same time.
   * `tables`: the public tables `produce` reads (by default all of them). Only a 200 is kept.
   */
  async get(
    key: string,
    produce: () => Promise<FreshResponse>,
    tables: readonly PublicTable[] = PUBLIC_TABLE_NAMES,
  ): Promise<CachedResponse> {
    if (this.#suspended) return kept(await produce(), tables);
    const today = this.#today();
    if (today !== this.#day) {
      this.#day = today;
      this.#entries.clear();
    }
    const version = this.#versionOf(tables);
    const versionedKey = `${version} ${key}`;
    // A kept answer without `fetch`'s per-call bookkeeping: the hits are nearly every request.
    const hit = this.#entries.get(versionedKey);
    if (hit) return hit;
    try {
      const response = await this.#entries.fetch(versionedKey, { context: { produce, tables, version } });
      // The fetch method answers or throws; lru-cache types an aborted fetch's undefined too.
      if (!response) throw new Error(`no answer for ${key}`);
      return response;
    } catch (error) {
      if (error instanceof NotKept) return error.response;
      throw error;
    }
  }

  /** A write to `tables` (by default all) committed: their kept answers are dropped, and their keys move on. */
  invalidate(tables: readonly PublicTable[] = PUBLIC_TABLE_NAMES): void {
    for (const table of tables) this.#versions.set(table, (this.#versions.get(table) ?? 0) + 1);
    for (const [key, response] of this.#entries.entries())
      if (response.tables.some((table) => tables.includes(table))) this.#entries.delete(key);
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

  async #build({ produce, tables, version }: Build): Promise<CachedResponse> {
    const response = kept(await produce(), tables);
    if (response.status !== 200 || this.#versionOf(tables) !== version) throw new NotKept(response);
    return response;
  }

  #versionOf(tables: readonly PublicTable[]): string {
    let version = '';
    for (const table of tables) version += `${this.#versions.get(table) ?? 0}.`;
    return version;
  }

  #today(): number {
    return Math.floor(this.#now().getTime() / DAY_MS);
  }
}

function kept(fresh: FreshResponse, tables: readonly PublicTable[]): CachedResponse {
  const etag = `"${createHash('sha1').update(fresh.body).digest('base64url')}"`;
  return { ...fresh, etag, encoded: {}, tables };
}
