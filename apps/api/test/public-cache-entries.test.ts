/**
 * The PublicCache alone (src/http/public-cache.ts): what it keeps, what a write drops, and that an
 * answer begun before a write is never served after it (docs/decisions/061-one-caching-seam.md).
 */
import { describe, expect, it, vi } from 'vitest';
import { MAX_ENTRIES, PublicCache, type FreshResponse, type PublicTable } from '../src/http/public-cache';

const text = (body: string, status = 200): FreshResponse => ({
  status,
  contentType: 'text/plain',
  body: Buffer.from(body),
});

/** A cache whose answers are their keys as text, and the keys it had to produce, in order. */
function recordingCache() {
  const cache = new PublicCache();
  const produced: string[] = [];
  const get = (key: string, tables?: readonly PublicTable[]) =>
    cache.get(
      key,
      async () => {
        produced.push(key);
        return text(key);
      },
      tables,
    );
  return { cache, produced, get };
}

describe('PublicCache size', () => {
  it('makes room by dropping the least recently used answer, so a page read often stays', async () => {
    const { produced, get } = recordingCache();

    // A crawl fills the cache first (right after a write emptied it): the landing page still gets a place.
    for (let index = 0; index < MAX_ENTRIES; index += 1) await get(`page /crawled/${index}`);
    await get('page /');
    // A crawl of more milestone pages than the cache holds, the landing page read now and then.
    for (let index = 0; index < MAX_ENTRIES * 2; index += 1) {
      await get(`page /milestones/${index}`);
      if (index % 50 === 0) await get('page /');
    }
    expect(
      produced.filter((key) => key === 'page /'),
      'the landing page rendered once',
    ).toHaveLength(1);

    // The oldest pages of the crawl made room; the newest are still there.
    produced.length = 0;
    await get('page /milestones/0');
    await get(`page /milestones/${MAX_ENTRIES * 2 - 1}`);
    expect(produced).toEqual(['page /milestones/0']);
  });
});

describe('PublicCache invalidation', () => {
  it('drops the entries built from the changed tables, and every entry when none are named', async () => {
    const { cache, produced, get } = recordingCache();
    const fill = async () => {
      await get('totals', ['revenues']);
      await get('feed', ['milestones']);
      await get('image', ['milestones', 'revenues']);
      await get('robots', []);
      await get('landing');
    };
    await fill();
    produced.length = 0;

    cache.invalidate(['milestones']);
    await fill();
    expect(produced).toEqual(['feed', 'image', 'landing']);

    produced.length = 0;
    cache.invalidate(['experiments']);
    await fill();
    expect(produced).toEqual(['landing']);

    produced.length = 0;
    cache.invalidate();
    await fill();
    expect(produced).toEqual(['totals', 'feed', 'image', 'landing']);
  });
});

/**
 * A cache whose one answer is what `state.value` holds when its build begins; a build then waits
 * for `state.gate` (when set), so a write can land while it is under way.
 */
function valueCache(options: ConstructorParameters<typeof PublicCache>[0] = {}) {
  const cache = new PublicCache(options);
  const state: { value: string; status: number; reads: number; gate: Promise<void> | null } = {
    value: 'old',
    status: 200,
    reads: 0,
    gate: null,
  };
  const get = (tables: readonly PublicTable[] = ['revenues']) =>
    cache
      .get(
        'totals',
        async () => {
          state.reads += 1;
          const { value, status } = state;
          await (state.gate ?? new Promise((resolve) => setImmediate(resolve)));
          return text(value, status);
        },
        tables,
      )
      .then((response) => response.body.toString());
  return { cache, state, get };
}

/** A promise and the function that resolves it. */
function gate() {
  let open = () => {};
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
}

describe('PublicCache under writes', () => {
  it('builds an answer once for the readers that miss together', async () => {
    const { state, get } = valueCache();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get()));
    expect(answers).toEqual(Array.from({ length: 20 }, () => 'old'));
    expect(state.reads).toBe(1);
  });

  it('never serves after a write an answer begun before it, and keeps the one begun after', async () => {
    const { cache, state, get } = valueCache();
    const held = gate();
    state.gate = held.closed;
    const early = [get(), get()];
    await new Promise((resolve) => setImmediate(resolve));
    // The write commits and invalidates while the build that read 'old' is still under way.
    state.value = 'new';
    cache.invalidate(['revenues']);
    state.gate = null;
    const late = get();
    held.open();
    // The readers who asked before the write get the answer they waited for; those after, the write.
    expect(await Promise.all(early)).toEqual(['old', 'old']);
    expect(await late).toBe('new');
    expect(await get()).toBe('new');
    expect(state.reads).toBe(2);
  });

  it('rebuilds once for a burst of writes during a build, however many readers arrive between them', async () => {
    const { cache, state, get } = valueCache();
    const held = gate();
    state.gate = held.closed;
    const first = get();
    await new Promise((resolve) => setImmediate(resolve));
    const late: Promise<string>[] = [];
    for (let write = 1; write <= 5; write += 1) {
      state.value = `write ${write}`;
      cache.invalidate(['revenues']);
      late.push(get(), get());
    }
    state.gate = null;
    held.open();
    expect(await first).toBe('old');
    // Every later reader waited for the build begun before its write, then shared one begun after all five.
    expect(await Promise.all(late)).toEqual(Array.from({ length: 10 }, () => 'write 5'));
    expect(state.reads).toBe(2);
    expect(await get()).toBe('write 5');
    expect(state.reads).toBe(2);
  });

  it('lets a key whose build a write overtook rest as long as that build took before the next', async () => {
    const cache = new PublicCache();
    const starts: number[] = [];
    const slow = () =>
      cache.get(
        'page',
        async () => {
          starts.push(performance.now());
          await new Promise((resolve) => setTimeout(resolve, 40));
          return text('page');
        },
        ['revenues'],
      );
    const first = slow();
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidate(['revenues']);
    const late = slow();
    await first;
    const firstEnded = performance.now();
    await late;
    const [firstStart = NaN, secondStart = NaN] = starts;
    expect(starts).toHaveLength(2);
    // At least as long as the first build took (40 ms or more) passed between its end and the next start.
    expect(secondStart - firstEnded).toBeGreaterThanOrEqual((firstEnded - firstStart) * 0.9);
  });

  it('starts the next build at once after a build no write overtook', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { cache, state, get } = valueCache();
      state.gate = Promise.resolve();
      expect(await get()).toBe('old');
      state.value = 'new';
      cache.invalidate(['revenues']);
      // With the clock stopped, a rest would never end: this answer comes without one.
      expect(await get()).toBe('new');
      expect(state.reads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps an answer whose build a write to other tables overlapped', async () => {
    const { cache, state, get } = valueCache();
    const held = gate();
    state.gate = held.closed;
    const building = get(['revenues']);
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidate(['milestones', 'settings']);
    held.open();
    expect(await building).toBe('old');
    state.gate = null;
    state.value = 'new';
    expect(await get(['revenues'])).toBe('old');
    expect(state.reads).toBe(1);
  });

  it('hands an answer other than a 200, or a failure, to its readers without keeping it', async () => {
    const { cache, state, get } = valueCache();
    state.status = 404;
    expect(await Promise.all([get(), get()])).toEqual(['old', 'old']);
    expect(state.reads).toBe(1);
    expect(await get()).toBe('old');
    expect(state.reads).toBe(2);
    const failing = () =>
      cache.get('failing', async () => {
        state.reads += 1;
        throw new Error('database unavailable');
      });
    await expect(failing()).rejects.toThrow('database unavailable');
    await expect(failing()).rejects.toThrow('database unavailable');
    expect(state.reads).toBe(4);
  });

  it('still answers the readers of a build whose entry was pushed out while it ran', async () => {
    const { cache, state, get } = valueCache();
    const held = gate();
    state.gate = held.closed;
    const building = get();
    await new Promise((resolve) => setImmediate(resolve));
    for (let index = 0; index <= MAX_ENTRIES; index += 1)
      await cache.get(`other ${index}`, async () => text('x'));
    held.open();
    expect(await building).toBe('old');
  });
});

describe('PublicCache while changes may go unheard, and across days', () => {
  it('keeps nothing while suspended, and starts empty when resumed', async () => {
    const { cache, state, get } = valueCache({ suspended: true });
    await get();
    await get();
    expect(state.reads).toBe(2);
    cache.resume();
    await get();
    await get();
    expect(state.reads).toBe(3);
    cache.suspend();
    state.value = 'new';
    expect(await get()).toBe('new');
    cache.resume();
    expect(await get()).toBe('new');
    expect(state.reads).toBe(5);
  });

  it('starts empty when the UTC day changes', async () => {
    let now = new Date('2025-03-01T23:59:59Z');
    const { state, get } = valueCache({ now: () => now });
    await get();
    await get();
    expect(state.reads).toBe(1);
    now = new Date('2025-03-02T00:00:01Z');
    state.value = 'tomorrow';
    expect(await get()).toBe('tomorrow');
    expect(state.reads).toBe(2);
  });
});
