import type { Endpoint } from '../fixtures/capture';
import { step } from '../lib/log';
import { median, summarize, type Summary } from '../report/stats';
import { alternate, type Rounds } from './alternate';
import { runLoad, type LoadSettings } from './load';

export interface VersusRow {
  endpoint: Endpoint;
  connections: number;
  current: Summary;
  baseline: Summary;
  /** current ÷ baseline req/s of each round: the two runs of a round are seconds apart. */
  roundRatios: number[];
}

/** One endpoint on two builds at once, in turn, round after round: the ratio needs no bare server. */
export async function measureVersus(
  endpoint: (baseUrl: string) => Endpoint,
  urls: { current: string; baseline: string },
  plan: Rounds & Omit<LoadSettings, 'duration'>,
): Promise<VersusRow> {
  step(`compare: ${endpoint(urls.current).name}, ${plan.connections} connections`);
  const load = (baseUrl: string) => (seconds: number) =>
    runLoad({ baseUrl, ...endpoint(baseUrl) }, { ...plan, duration: seconds });
  const results = await alternate(load(urls.current), load(urls.baseline), plan);
  return {
    endpoint: endpoint(urls.current),
    connections: plan.connections,
    current: summarize(results.a),
    baseline: summarize(results.b),
    roundRatios: results.a.map((run, round) => run.rps / (results.b[round]?.rps ?? NaN)),
  };
}

/** The median of the rounds' ratios: what the comparison concludes. */
export const medianRatio = (row: VersusRow) => median(row.roundRatios);
