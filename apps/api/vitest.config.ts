import { databaseDriver, databaseTestOptions } from '@journey/testing/vitest';
import { defineConfig } from 'vitest/config';

const FUZZ = 'test/fuzz/**/*.test.ts';
/**
 * The slow files that keep a module graph each: real processes killed or stopped, real timers and
 * deadlines, and modules mocked to watch the server's steps. Nothing of one file's run can reach the next's.
 */
const ISOLATED = [
  'test/crash.test.ts',
  'test/newsletter-crash.test.ts',
  'test/sync-crash.test.ts',
  'test/webhooks-crash.test.ts',
  'test/shutdown.test.ts',
  'test/timeouts.test.ts',
  'test/backup-cli.test.ts',
  'test/reset-password-cli.test.ts',
  'test/outage.test.ts',
  'test/two-processes.test.ts',
  'test/markdown-off-thread.test.ts',
  'test/register-cost.test.ts',
];
/**
 * The slow suites: those, and the fuzz properties (≥ 1,000 requests per endpoint). `pnpm test:slow`
 * (mode `slow`) runs them and CI runs that; `npm test` leaves them out to stay within 3 minutes
 * (docs/decisions/049-a-three-minute-test-command.md).
 */
const SLOW = [FUZZ, ...ISOLATED];
/** What the database cannot change (rejected before any query; sockets): the PostgreSQL run leaves them to PGlite's. */
const SAME_ON_EVERY_DATABASE = [FUZZ, 'test/timeouts.test.ts'];

/**
 * A suite as two Vitest projects in one run: `isolated` with a module graph per file, and `shared`, one
 * per worker, as `npm test` runs (re-importing the server for every file cost more than its tests,
 * decision 049). The projects do not extend this file: loading it again would not be in this mode.
 */
function twoProjects(
  report: 'api' | 'api-slow',
  shared: { include?: string[]; exclude: string[] },
  isolated: { include: string[]; exclude?: string[] },
) {
  const root = databaseTestOptions(report, { maxWorkers: 2 });
  const { reporters: _reporters, outputFile: _outputFile, maxWorkers: _maxWorkers, ...project } = root;
  const defaults = root.exclude ?? [];
  return {
    ...root,
    projects: [
      { test: { ...project, name: 'shared', ...shared, exclude: [...defaults, ...shared.exclude] } },
      {
        test: {
          ...project,
          name: 'isolated',
          include: isolated.include,
          exclude: [...defaults, ...(isolated.exclude ?? [])],
          isolate: true,
        },
      },
    ],
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'postgres') {
    // `pnpm test:pg`: the fast and the slow suites in one run, on PostgreSQL.
    if (databaseDriver() !== 'postgres')
      throw new Error('test:pg needs TEST_DATABASE_URL (a PostgreSQL URL)');
    return {
      test: twoProjects(
        'api',
        { exclude: [...SLOW, ...SAME_ON_EVERY_DATABASE] },
        { include: ISOLATED, exclude: SAME_ON_EVERY_DATABASE },
      ),
    };
  }
  // Two workers, as below: the slow files wait on child processes, sockets and timers as much as on the CPU.
  if (mode === 'slow')
    return { test: twoProjects('api-slow', { include: [FUZZ], exclude: [] }, { include: ISOLATED }) };
  // Two workers: the API suite is the longest, and its files wait on sockets and hashing as well.
  return { test: databaseTestOptions('api', { exclude: SLOW, maxWorkers: 2 }) };
});
