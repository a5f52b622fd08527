import type { LoadResult } from '../measure/load';

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** The medians of several runs, and the failures of all of them. */
export interface Summary {
  rps: number;
  p50: number;
  p99: number;
  runs: number;
  failed: number;
  statuses: Record<string, number>;
}

export function summarize(results: readonly LoadResult[]): Summary {
  const statuses: Record<string, number> = {};
  for (const result of results)
    for (const [code, count] of Object.entries(result.statuses))
      statuses[code] = (statuses[code] ?? 0) + count;
  return {
    rps: median(results.map((result) => result.rps)),
    p50: median(results.map((result) => result.p50)),
    p99: median(results.map((result) => result.p99)),
    runs: results.length,
    failed: results.reduce((sum, result) => sum + result.failed, 0),
    statuses,
  };
}
