import type { LoadResult } from './load';

/** Runs a load for the given number of seconds against one side of a comparison. */
export type Side = (seconds: number) => Promise<LoadResult>;

export interface Rounds {
  rounds: number;
  duration: number;
  /** Seconds of untimed load per side first, so both are measured warm (JIT, caches, pools). */
  warmup: number;
}

/**
 * Loads two servers in turn, round after round, and swaps which goes first each round:
 * on a noisy 2-core box, drift then hits both sides alike instead of biasing the ratio.
 */
export async function alternate(
  a: Side,
  b: Side,
  plan: Rounds,
): Promise<{ a: LoadResult[]; b: LoadResult[] }> {
  if (plan.warmup > 0) {
    await a(plan.warmup);
    await b(plan.warmup);
  }
  const results = { a: [] as LoadResult[], b: [] as LoadResult[] };
  for (let round = 0; round < plan.rounds; round++) {
    const order = round % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    for (const side of order) results[side].push(await (side === 'a' ? a : b)(plan.duration));
  }
  return results;
}
