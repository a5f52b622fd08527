import type { RunnerResult } from 'lighthouse';
import { median } from '../report/stats';
import { describeTarget, isMet, TARGETS, type Target } from '../report/targets';

export interface Figure {
  name: string;
  /** The figure of each run, in run order. */
  values: number[];
  median: number;
  target: string;
  met: boolean;
  format: (value: number) => string;
  /** The issue's target, when it sets one for this figure (the Targets table lists those). */
  issueTarget?: Target;
}

type Lhr = RunnerResult['lhr'];

const score = (id: string) => (lhr: Lhr) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
const audit = (id: string) => (lhr: Lhr) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** The issue's targets (report/targets.ts) and the older ones; scores are 0–100, LCP and TBT in ms. */
const issue = (target: Target) => ({
  target: describeTarget(target),
  ok: (v: number) => isMet(target, v),
  format: target.format,
  issueTarget: target,
});

const FIGURES: {
  name: string;
  read: (lhr: Lhr) => number;
  target: string;
  ok: (v: number) => boolean;
  format: (v: number) => string;
  issueTarget?: Target;
}[] = [
  { name: 'Performance', read: score('performance'), ...issue(TARGETS.performance) },
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
  { name: 'LCP', read: audit('largest-contentful-paint'), ...issue(TARGETS.lcp) },
  { name: 'CLS', read: audit('cumulative-layout-shift'), ...issue(TARGETS.cls) },
  { name: 'TBT', read: audit('total-blocking-time'), ...issue(TARGETS.tbt) },
];

/** Each figure's median over the runs (each figure on its own), against its target. */
export function figures(runs: RunnerResult[]): Figure[] {
  return FIGURES.map(({ name, read, target, ok, format, issueTarget }) => {
    const values = runs.map((run) => read(run.lhr));
    const middle = median(values);
    return {
      name,
      values,
      median: middle,
      target,
      met: ok(middle),
      format,
      ...(issueTarget ? { issueTarget } : {}),
    };
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
