import { TARGETS } from '../report/targets';
import { runPaced, PACED_S, type PacedRun } from './paced-load';

/** The compare row's name: the mixed load of `bench:load`, sent at a fixed rate. */
export const PACED_NAME = 'mixed load (4 reads, 1 write), paced';
/** The rate at which the mixed load's p99 is compared, the load test's throughput target. */
const RATE = TARGETS.loadThroughput.min;

interface Side {
  url: string;
  cookie: string;
}

export interface PacedVersus {
  rate: number;
  seconds: number;
  rounds: { current: PacedRun; baseline: PacedRun }[];
}

/**
 * The mixed load at `RATE` on each server in turn, `rounds` times, the first side swapping each round
 * so neither always runs on the warmer machine; each side first gets a few seconds at half the rate.
 */
export async function pacedVersus(
  sides: { current: Side; baseline: Side },
  rounds: number,
): Promise<PacedVersus> {
  for (const side of [sides.current, sides.baseline])
    await runPaced(side.url, side.cookie, { rate: RATE / 2, duration: 5 });
  const results: PacedVersus['rounds'] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['current', 'baseline'] as const) : (['baseline', 'current'] as const);
    const runs: Partial<Record<'current' | 'baseline', PacedRun>> = {};
    for (const name of order)
      runs[name] = await runPaced(sides[name].url, sides[name].cookie, { rate: RATE, duration: PACED_S });
    if (runs.current && runs.baseline) results.push({ current: runs.current, baseline: runs.baseline });
  }
  return { rate: RATE, seconds: PACED_S, rounds: results };
}
