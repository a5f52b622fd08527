import { CHECKOUT_USAGE, count, parseCommand } from './common-options';

export interface LighthouseOptions {
  build: boolean;
  checkout: string;
  runs: number;
  resultsFile: string;
  args: string[];
}

export const LIGHTHOUSE_USAGE = `Usage: pnpm bench:lighthouse [options]

  --no-build        use the existing build (apps/api/dist, apps/web/dist)
${CHECKOUT_USAGE}
  --runs N          Lighthouse runs; figures are medians (default 3)
  --results FILE    where to prepend the run (default bench/history/runs.md)
  --help            this text

Chromium: CHROMIUM_PATH (default /usr/bin/chromium).`;

export function parseLighthouseOptions(args: string[]): LighthouseOptions | 'help' {
  const parsed = parseCommand(args, { runs: { type: 'string' } });
  if (parsed === 'help') return 'help';
  return { ...parsed.common, runs: count('runs', parsed.values.runs, 3, 1) };
}
