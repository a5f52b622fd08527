import { failedAnswers, type MixedRun } from '../measure/mixed-load';
import { PACED_S, type PacedRun } from '../measure/paced-load';
import { runContext } from './machine';
import { fmt, table } from './markdown';
import { renderTargets, TARGETS, type TargetRow } from './targets';

export interface DriverLoad {
  driver: string;
  ramp: { connections: number; rps: number }[];
  connections: number;
  run: MixedRun;
  /** The same mix sent at the throughput target's rate (an open loop). */
  atTarget: PacedRun;
  before: string;
  expected: string;
  apiTotal: string;
  sqlTotal: string;
  rowsAdded: number;
  failures: string[];
}

/** The targets are those of the embedded database (PGlite). */
function targetRows(results: DriverLoad[]): TargetRow[] {
  return results
    .filter((r) => r.driver === 'PGlite')
    .flatMap(({ run, atTarget, connections }) => {
      const failed = (r: MixedRun) => r.errors + r.timeouts + failedAnswers(r) > 0;
      const invalid = failed(run) ? { invalid: 'failures' } : {};
      return [
        {
          figure: `PGlite saturation throughput (${connections} connections)`,
          target: TARGETS.loadThroughput,
          measured: run.rps,
          ...invalid,
        },
        { figure: 'PGlite p99 at saturation', target: TARGETS.loadP99, measured: run.p99, ...invalid },
        {
          figure: `PGlite p99 at ${TARGETS.loadThroughput.min} req/s, paced (${fmt.rps(atTarget.rps)} req/s answered)`,
          target: TARGETS.loadP99,
          measured: atTarget.p99,
          ...(atTarget.failed > 0 ? { invalid: 'failures' } : {}),
        },
        { figure: 'PGlite RSS at the end', target: TARGETS.loadRss, measured: run.rssWindows.at(-1) ?? NaN },
      ];
    });
}

export function renderLoadReport(
  date: string,
  command: string,
  results: DriverLoad[],
  duration: number,
  /** The checkout whose build was measured. */
  root?: string,
): string {
  const rows = results.map((r) => [
    r.driver,
    r.ramp.map((s) => `${s.connections}: ${Math.round(s.rps)}`).join(', '),
    String(r.connections),
    `${r.run.requests.toLocaleString('en-US')} (${Math.round(r.run.rps)}/s)`,
    `${r.run.p50} / ${r.run.p99}`,
    `${Math.round(r.atTarget.rps)}/s, ${r.atTarget.p50} / ${r.atTarget.p99}`,
    String(r.run.acknowledgedWrites),
    String(r.run.errors + r.run.timeouts + failedAnswers(r.run)),
    `${fmt.mib(r.run.rssWindows[1] ?? 0)} → ${fmt.mib(r.run.rssWindows.at(-1) ?? 0)}`,
    `${r.apiTotal} / ${r.sqlTotal} / ${r.expected}`,
    r.failures.length === 0 ? 'pass' : `FAIL: ${r.failures.join('; ')}`,
  ]);
  return [
    `## Load test ${date}`,
    '',
    ...runContext(command, root).map((line) => `- ${line}`),
    `- ${duration} s of the mix (GET /api/revenue, /api/milestones, /api/experiments, /, POST /api/revenue), 1 write in 5, at the concurrency where one more step of the ramp added under 5 % throughput; before it, ${PACED_S} s of the mix sent at ${TARGETS.loadThroughput.min} req/s, evenly spaced, each latency counted from when its request was due.`,
    '',
    table(
      [
        'driver',
        'ramp (connections: req/s)',
        'connections',
        'requests',
        'p50 / p99 ms',
        `paced at ${TARGETS.loadThroughput.min} req/s: answered, p50 / p99 ms`,
        'writes acknowledged',
        'errors + non-2xx',
        'RSS 2nd → last 10 s window',
        'total: API / SUM / expected',
        'verdict',
      ],
      rows,
    ),
    ...(results.some((r) => r.driver === 'PGlite') ? ['', renderTargets(targetRows(results))] : []),
  ].join('\n');
}
