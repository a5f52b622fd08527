import type { CompareOptions } from '../cli/compare-options';
import { medianRatio, type VersusRow } from '../measure/versus';
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
}): string {
  const { settings } = input;
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
  ].join('\n\n');
}
