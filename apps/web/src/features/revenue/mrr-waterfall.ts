import type { MrrMovement } from '@journey/contracts';

/** One bar of the waterfall: from `from` to `to` (dollars), and how it reads. */
export interface WaterfallStep {
  key: string;
  label: string;
  /** The signed amount this step adds (the first and the last bars: the MRR itself). */
  amount: number;
  from: number;
  to: number;
  kind: 'total' | 'gain' | 'loss' | 'fx';
}

/**
 * A month's movements as a waterfall (docs/decisions/080-recurring-revenue.md): the MRR it started
 * with, each movement floating from where the last one ended, and the MRR it ended with. Movements of
 * zero are left out, so a quiet month is two bars.
 */
export function waterfallSteps(month: MrrMovement): WaterfallStep[] {
  const start = Number(month.startMrr);
  const changes: Omit<WaterfallStep, 'from' | 'to'>[] = [
    { key: 'new', label: 'New', amount: Number(month.new), kind: 'gain' },
    { key: 'expansion', label: 'Expansion', amount: Number(month.expansion), kind: 'gain' },
    { key: 'reactivation', label: 'Reactivation', amount: Number(month.reactivation), kind: 'gain' },
    { key: 'contraction', label: 'Contraction', amount: -Number(month.contraction), kind: 'loss' },
    { key: 'churn', label: 'Churn', amount: -Number(month.churn), kind: 'loss' },
    { key: 'fx', label: 'Exchange rates', amount: Number(month.fx), kind: 'fx' },
  ];
  const steps: WaterfallStep[] = [
    { key: 'start', label: 'Start', amount: start, from: 0, to: start, kind: 'total' },
  ];
  let level = start;
  for (const change of changes) {
    if (change.amount === 0) continue;
    steps.push({ ...change, from: level, to: level + change.amount });
    level += change.amount;
  }
  const end = Number(month.endMrr);
  steps.push({ key: 'end', label: 'End', amount: end, from: 0, to: end, kind: 'total' });
  return steps;
}
