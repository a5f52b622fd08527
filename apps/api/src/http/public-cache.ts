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

/** A build of a key: the tables' versions when it began, its answer, and the end of its rest. */
interface Build {
  versions: readonly number[];
  answer: Promise<CachedResponse>;
  settled: boolean;
  /** The answer settled and, if a write overtook the build, as much time again passed (see `#build`). */
  ended: Promise<void>;
}

/**
 * The answers every anonymous reader shares (pages, public reads, feeds, images), produced once per
 * version of the tables they are built from: the one place that decides a hit or a miss
 * (docs/decisions/061-one-caching-seam.md).
 *
 * Each table has a version, bumped by every write to it (`invalidate`: the tRPC middleware after a
 * write of this server commits, or the database's notification of anyone's write). A reader notes the
 * versions of its tables when it arrives and takes only an answer begun at those versions or later, so
 * a read sent after a write's invalidation never gets an answer begun before it. A key has at most one
 * build under way: readers that miss share it when it began late enough, and otherwise wait for it to
 * end and share the next one. So however many readers miss, a burst of writes during a build costs one
 * more build, not one per write; builds of one key never overlap, and one a write overtook is followed
 * by a rest as long as itself, so a stream of writes cannot keep a page rendering back to back
 * (docs/decisions/074-rebuilds-coalesce-across-writes.md). An answer is kept only if no write to its
 * tables landed while it was built.
 *
 * While those notifications cannot be trusted to arrive (before the first LISTEN, while the database
 * connection is lost) the cache is suspended: it keeps nothing and every read is produced afresh.
 * Some answers depend on today's date (the revenue series ends at today's bucket): the cache empties
 * itself when the UTC day changes.
 */
export class PublicCache {
  #versions = new Map<PublicTable, number>(PUBLIC_TABLE_NAMES.map((table) => [table, 0]));
  /** Kept answers, by their tables' versions and key. */
  #entries = new LRUCache<string, CachedResponse>({ max: MAX_ENTRIES });
  #building = new Map<string, Build>();
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
      this.invalidate();
    }
    const wanted = this.#versionsOf(tables);
    for (;;) {
      const hit = this.#entries.get(entryKey(this.#versionsOf(tables), key));
      if (hit) return hit;
      const building = this.#building.get(key);
      const covers = building?.versions.every((version, index) => version >= (wanted[index] ?? 0));
      // A settled build that covers this reader and left no kept answer (not a 200, or pushed out) is
      // not shared again: its answer is produced anew.
      if (!building || (covers && building.settled)) return this.#build(key, produce, tables);
      if (covers) return building.answer;
      // Begun before a write this reader must see: wait for it to end, then share the next build.
      await building.ended;
    }
  }

  /** A write to `tables` (by default all) committed: their kept answers are dropped, and their versions move on. */
  invalidate(tables: readonly PublicTable[] = PUBLIC_TABLE_NAMES): void {
    for (const table of tables) this.#versions.set(table, (this.#versions.get(table) ?? 0) + 1);
    for (const [key, response] of this.#entries.entries())
      if (response.tables.some((table) => tables.includes(table))) this.#entries.delete(key);
  }

  /** Changes may go unheard from now on: serve nothing cached and keep nothing. */
  suspend(): void {
    this.#suspended = true;
    this.invalidate();
  }

  /** Changes are heard again; what was cached before may have missed some, so start empty. */
  resume(): void {
    this.#suspended = false;
    this.invalidate();
  }

  async #build(
    key: string,
    produce: () => Promise<FreshResponse>,
    tables: readonly PublicTable[],
  ): Promise<CachedResponse> {
    const versions = this.#versionsOf(tables);
    const started = performance.now();
    const answer = produce().then((fresh) => kept(fresh, tables));
    let end = () => {};
    const build: Build = {
      versions,
      answer,
      settled: false,
      ended: new Promise((resolve) => (end = resolve)),
    };
    this.#building.set(key, build);
    const finish = async (overtaken: boolean) => {
      build.settled = true;
      // A write landed during the build, so readers are already waiting for the next one: under a
      // stream of writes a page would be rendered back to back, and a render holds the event loop. The
      // key rests as long as the build took, so rebuilding takes at most half of its time.
      if (overtaken) await rest(performance.now() - started);
      if (this.#building.get(key) === build) this.#building.delete(key);
      end();
    };
    try {
      const response = await answer;
      const current = entryKey(this.#versionsOf(tables), key);
      const overtaken = current !== entryKey(versions, key);
      if (response.status === 200 && !this.#suspended && !overtaken) this.#entries.set(current, response);
      void finish(overtaken);
      return response;
    } catch (error) {
      void finish(false);
      throw error;
    }
  }

  #versionsOf(tables: readonly PublicTable[]): number[] {
    return tables.map((table) => this.#versions.get(table) ?? 0);
  }

  #today(): number {
    return Math.floor(this.#now().getTime() / DAY_MS);
  }
}

const entryKey = (versions: readonly number[], key: string) => `${versions.join('.')} ${key}`;

function rest(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function kept(fresh: FreshResponse, tables: readonly PublicTable[]): CachedResponse {
  const etag = `"${createHash('sha1').update(fresh.body).digest('base64url')}"`;
  return { ...fresh, etag, encoded: {}, tables };
}
