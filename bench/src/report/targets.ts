import { fmt, table } from './markdown';

/** A target: the measured figure must be at least `min` or at most `max`. */
export interface Target {
  min?: number;
  max?: number;
  /** How the figure and its bound are written. */
  format: (value: number) => string;
}

const MIB = 2 ** 20;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The targets (docs/decisions/046-cheap-logs-and-cached-reads.md), every report reads them here. */
export const TARGETS = {
  /** `pnpm bench`: app ÷ bare node:http for each public JSON read, at every connection count. */
  readRatio: { min: 0.8, format: fmt.ratio },
  /** `pnpm bench`: app ÷ bare node:http for the landing page. */
  landingRatio: { min: 0.9, format: fmt.ratio },
  /** `pnpm bench:load` on PGlite: the mix's throughput at saturation, its p99 and the RSS at the end. */
  loadThroughput: { min: 800, format: (rps: number) => `${fmt.rps(rps)} req/s` },
  loadP99: { max: 50, format: (ms: number) => `${fmt.ms(ms)} ms` },
  loadRss: { max: 400 * MIB, format: fmt.mib },
  /** `pnpm bench:lighthouse`: medians over the runs. */
  lcp: { max: 1500, format: seconds },
  tbt: { max: 50, format: (ms: number) => `${Math.round(ms)} ms` },
  cls: { max: 0.02, format: (value: number) => value.toFixed(3) },
  performance: { min: 99, format: String },
} satisfies Record<string, Target>;

export function isMet(target: Target, measured: number): boolean {
  if (!Number.isFinite(measured)) return false;
  return (
    (target.min === undefined || measured >= target.min) &&
    (target.max === undefined || measured <= target.max)
  );
}

export function describeTarget(target: Target): string {
  const bounds = [];
  if (target.min !== undefined) bounds.push(`≥ ${target.format(target.min)}`);
  if (target.max !== undefined) bounds.push(`≤ ${target.format(target.max)}`);
  return bounds.join(' and ');
}

/** One row of a Targets table; `invalid` says why the figure cannot count (failed requests). */
export interface TargetRow {
  figure: string;
  target: Target;
  measured: number;
  invalid?: string;
}

/** The "Targets" table every report ends with: each figure, what it measured, its target, ✓ or ✗. */
export function renderTargets(rows: readonly TargetRow[]): string {
  return [
    '### Targets',
    table(
      ['figure', 'measured', 'target', 'met'],
      rows.map(({ figure, target, measured, invalid }) => [
        figure,
        invalid ? `**invalid** (${invalid})` : target.format(measured),
        describeTarget(target),
        !invalid && isMet(target, measured) ? '✓' : '✗',
      ]),
    ),
  ].join('\n\n');
}
