import { CHECKOUT_USAGE, connectionCounts, count, LOAD_FLAGS, parseCommand } from './common-options';

export const PHASES = ['startup', 'memory', 'throughput', 'scaling'] as const;
export type Phase = (typeof PHASES)[number];

export interface BenchOptions {
  build: boolean;
  checkout: string;
  /** The throughput table's connection counts; the other phases use the first. */
  connections: number[];
  duration: number;
  rounds: number;
  warmup: number;
  timeout: number;
  memoryDuration: number;
  startupRuns: number;
  rows: number;
  phases: ReadonlySet<Phase>;
  databaseUrl: string | undefined;
  resultsFile: string;
  /** The arguments as given, for the results' "command" line. */
  args: string[];
}

export const BENCH_USAGE = `Usage: pnpm bench [options]

  --no-build             use the existing build (apps/api/dist, apps/web/dist)
${CHECKOUT_USAGE}
  --connections LIST     autocannon connections, comma-separated: the throughput table has
                         each, the other phases use the first (default 10)
  --duration S           seconds per timed run (default 10)
  --rounds N             timed runs per side and endpoint, alternating (default 3)
  --warmup S             untimed seconds per side before an endpoint's rounds (default 2)
  --timeout S            seconds before a request counts as failed (default 30)
  --memory-duration S    seconds of read mix before reading the RSS (default 60)
  --startup-runs N       starts per kind of store (default 5)
  --rows N               revenue entries for the totals scaling (default 1000000)
  --only LIST            phases, comma-separated: ${PHASES.join(',')} (default all)
  --database-url URL     also run on this PostgreSQL (default: env DATABASE_URL);
                         its database is dropped and recreated: its name must contain "bench"
  --results FILE         where to prepend the run (default bench/history/runs.md)
  --smoke                quick check: --duration 2 --rounds 1 --warmup 1 --memory-duration 5
                         --startup-runs 1 --rows 10000 (explicit flags win)
  --help                 this text`;

const SMOKE = { duration: 2, rounds: 1, warmup: 1, memoryDuration: 5, startupRuns: 1, rows: 10_000 };

export function parseBenchOptions(args: string[]): BenchOptions | 'help' {
  const parsed = parseCommand(args, {
    ...LOAD_FLAGS,
    'memory-duration': { type: 'string' },
    'startup-runs': { type: 'string' },
    rows: { type: 'string' },
    'database-url': { type: 'string' },
    smoke: { type: 'boolean' },
  });
  if (parsed === 'help') return 'help';
  const { values, common } = parsed;
  const smoke = values.smoke === true;
  const phases = (values.only ?? PHASES.join(',')).split(',').map((phase) => phase.trim());
  for (const phase of phases)
    if (!(PHASES as readonly string[]).includes(phase))
      throw new Error(`--only: unknown phase "${phase}" (${PHASES.join(', ')})`);
  return {
    ...common,
    connections: connectionCounts(values.connections, '10'),
    duration: count('duration', values.duration, smoke ? SMOKE.duration : 10, 1),
    rounds: count('rounds', values.rounds, smoke ? SMOKE.rounds : 3, 1),
    warmup: count('warmup', values.warmup, smoke ? SMOKE.warmup : 2, 0),
    timeout: count('timeout', values.timeout, 30, 1),
    memoryDuration: count('memory-duration', values['memory-duration'], smoke ? SMOKE.memoryDuration : 60, 1),
    startupRuns: count('startup-runs', values['startup-runs'], smoke ? SMOKE.startupRuns : 5, 1),
    rows: count('rows', values.rows, smoke ? SMOKE.rows : 1_000_000, 1),
    phases: new Set(phases as Phase[]),
    databaseUrl: values['database-url'] ?? (process.env.DATABASE_URL || undefined),
  };
}
