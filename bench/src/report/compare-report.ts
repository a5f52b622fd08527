import type { CompareOptions } from '../cli/compare-options';
import { PACED_NAME, type PacedVersus } from '../measure/paced-versus';
import { medianRatio, type VersusRow } from '../measure/versus';
import { median } from './stats';
import { fmt, table } from './markdown';

/** The bar for a change that must not slow anything: no ratio more than 5 % down. */
const TOLERANCE = 0.95;

function verdict(row: VersusRow): string {
  if (row.current.failed > 0 || row.baseline.failed > 0) return '**invalid** (failures)';
  return medianRatio(row) >= TOLERANCE ? '✓' : '✗';
}

export function renderCompareSection(input: {
  date: string;
  context: string[];
  baseline: { dir: string; commit: string };
  settings: CompareOptions;
  rows: VersusRow[];
  paced?: PacedVersus;
}): string {
  const { settings, paced } = input;
  return [
    `## ${input.date}: this build vs ${input.baseline.commit} (pnpm bench:compare, PGlite)`,
    [
      ...input.context,
      `- Baseline: ${input.baseline.commit}, built in another checkout`,
      `- Settings: ${settings.rounds} rounds of ${settings.duration} s per side and row, alternating, ` +
        `${settings.warmup} s warm-up per side; both servers up for the whole run`,
    ].join('\n'),
    table(
      [
        'endpoint',
        'connections',
        'this req/s (median)',
        'baseline req/s (median)',
        'this ÷ baseline, median of rounds',
        'rounds: min – max',
        `≥ ${TOLERANCE}`,
      ],
      input.rows.map((row) => [
        row.endpoint.name,
        String(row.connections),
        fmt.rps(row.current.rps),
        fmt.rps(row.baseline.rps),
        fmt.ratio(medianRatio(row)),
        `${fmt.ratio(Math.min(...row.roundRatios))} – ${fmt.ratio(Math.max(...row.roundRatios))}`,
        verdict(row),
      ]),
    ),
    ...(paced ? [pacedTable(paced)] : []),
  ].join('\n\n');
}

/** The mixed load sent at a fixed rate, round by round: a latency, so lower is better. */
function pacedTable(paced: PacedVersus): string {
  const failed = (side: 'current' | 'baseline') =>
    paced.rounds.reduce((sum, round) => sum + round[side].failed, 0);
  const p99 = (side: 'current' | 'baseline') => median(paced.rounds.map((round) => round[side].p99));
  const p50 = (side: 'current' | 'baseline') => median(paced.rounds.map((round) => round[side].p50));
  const ratio = p99('current') / p99('baseline');
  return table(
    [
      'load',
      'this p50 / p99 ms (medians)',
      'baseline p50 / p99 ms (medians)',
      'p99 this ÷ baseline',
      'rounds (this p99 / baseline p99)',
      'failed this / baseline',
      '≤ 1.10',
    ],
    [
      [
        `${PACED_NAME} at ${paced.rate} req/s, ${paced.seconds} s per round`,
        `${p50('current')} / ${p99('current')}`,
        `${p50('baseline')} / ${p99('baseline')}`,
        fmt.ratio(ratio),
        paced.rounds.map((round) => `${round.current.p99} / ${round.baseline.p99}`).join(', '),
        `${failed('current')} / ${failed('baseline')}`,
        failed('current') + failed('baseline') > 0 ? '**invalid** (failures)' : ratio <= 1.1 ? '✓' : '✗',
      ],
    ],
  );
}
