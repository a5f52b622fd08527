import type { RunnerResult } from 'lighthouse';
import { median } from '../report/stats';

export interface Figure {
  name: string;
  /** The figure of each run, in run order. */
  values: number[];
  median: number;
  target: string;
  met: boolean;
  format: (value: number) => string;
}

type Lhr = RunnerResult['lhr'];

const score = (id: string) => (lhr: Lhr) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
const audit = (id: string) => (lhr: Lhr) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** The targets; scores are 0–100, LCP and TBT in ms. */
const FIGURES = [
  {
    name: 'Performance',
    read: score('performance'),
    target: '≥ 95',
    ok: (v: number) => v >= 95,
    format: String,
  },
  {
    name: 'Accessibility',
    read: score('accessibility'),
    target: '100',
    ok: (v: number) => v === 100,
    format: String,
  },
  {
    name: 'Best practices',
    read: score('best-practices'),
    target: '≥ 95',
    ok: (v: number) => v >= 95,
    format: String,
  },
  { name: 'SEO', read: score('seo'), target: '100', ok: (v: number) => v === 100, format: String },
  {
    name: 'LCP',
    read: audit('largest-contentful-paint'),
    target: '≤ 2.0 s',
    ok: (v: number) => v <= 2000,
    format: (v: number) => `${(v / 1000).toFixed(2)} s`,
  },
  {
    name: 'CLS',
    read: audit('cumulative-layout-shift'),
    target: '≤ 0.05',
    ok: (v: number) => v <= 0.05,
    format: (v: number) => v.toFixed(3),
  },
  {
    name: 'TBT',
    read: audit('total-blocking-time'),
    target: '≤ 150 ms',
    ok: (v: number) => v <= 150,
    format: (v: number) => `${Math.round(v)} ms`,
  },
];

/** Each figure's median over the runs (each figure on its own), against its target. */
export function figures(runs: RunnerResult[]): Figure[] {
  return FIGURES.map(({ name, read, target, ok, format }) => {
    const values = runs.map((run) => read(run.lhr));
    const middle = median(values);
    return { name, values, median: middle, target, met: ok(middle), format };
  });
}

/** The run whose performance score is the median one: its reports are the ones kept. */
export function medianRun(runs: RunnerResult[]): RunnerResult {
  const byScore = [...runs].sort(
    (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
  );
  const run = byScore[Math.floor((byScore.length - 1) / 2)];
  if (!run) throw new Error('no Lighthouse run');
  return run;
}
