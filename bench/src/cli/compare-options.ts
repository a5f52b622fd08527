import path from 'node:path';
import { CHECKOUT_USAGE, connectionCounts, count, LOAD_FLAGS, parseCommand } from './common-options';

export interface CompareOptions {
  build: boolean;
  /** The checkout measured against the baseline (this one by default). */
  checkout: string;
  /** The other checkout, already built (`git worktree add --detach DIR COMMIT`, `pnpm install`, `pnpm build`). */
  baseline: string;
  connections: number[];
  duration: number;
  rounds: number;
  warmup: number;
  timeout: number;
  /** Only the endpoints whose name contains one of these (all when empty). */
  only: string[];
  resultsFile: string;
  args: string[];
}

export const COMPARE_USAGE = `Usage: pnpm bench:compare --baseline DIR [options]

  --baseline DIR         another checkout of this repository, built (required)
  --no-build             use this checkout's existing build
${CHECKOUT_USAGE}
  --connections LIST     autocannon connections, comma-separated (default 10,100)
  --duration S           seconds per timed run (default 5)
  --rounds N             timed runs per side and endpoint, alternating (default 9)
  --warmup S             untimed seconds per side before an endpoint's rounds (default 2)
  --timeout S            seconds before a request counts as failed (default 30)
  --only LIST            only endpoints whose name contains one of these, comma-separated
  --results FILE         where to prepend the run (default bench/history/runs.md)
  --help                 this text`;

export function parseCompareOptions(args: string[]): CompareOptions | 'help' {
  const parsed = parseCommand(args, {
    ...LOAD_FLAGS,
    baseline: { type: 'string' },
  });
  if (parsed === 'help') return 'help';
  const { values, common } = parsed;
  if (!values.baseline) throw new Error('--baseline DIR is required (a built checkout of another commit)');
  return {
    ...common,
    baseline: path.resolve(process.env.INIT_CWD ?? process.cwd(), values.baseline),
    connections: connectionCounts(values.connections, '10,100'),
    duration: count('duration', values.duration, 5, 1),
    rounds: count('rounds', values.rounds, 9, 1),
    warmup: count('warmup', values.warmup, 2, 0),
    timeout: count('timeout', values.timeout, 30, 1),
    only: (values.only ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  };
}
