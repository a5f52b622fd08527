import { parseArgs } from 'node:util';
import { COMMON_FLAGS, resultsPath } from './common-options';

export interface LighthouseOptions {
  build: boolean;
  runs: number;
  resultsFile: string;
  args: string[];
}

export const LIGHTHOUSE_USAGE = `Usage: pnpm bench:lighthouse [options]

  --no-build        use the existing build (apps/api/dist, apps/web/dist)
  --runs N          Lighthouse runs; figures are medians (default 3)
  --results FILE    where to prepend the results (default bench/results.md)
  --help            this text

Chromium: CHROMIUM_PATH (default /usr/bin/chromium).`;

export function parseLighthouseOptions(args: string[]): LighthouseOptions | 'help' {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      ...COMMON_FLAGS,
      runs: { type: 'string' },
    },
  });
  if (values.help) return 'help';
  const runs = Number(values.runs ?? 3);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a whole number ≥ 1, got "${values.runs}"`);
  return {
    build: values['no-build'] !== true,
    runs,
    resultsFile: resultsPath(values.results),
    args,
  };
}
