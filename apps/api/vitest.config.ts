import { databaseDriver, databaseTestOptions } from '@journey/testing/vitest';
import { defineConfig } from 'vitest/config';

/**
 * The slow suites: real processes killed or stopped, real timers, and the fuzz properties (≥ 1,000
 * requests per endpoint). `pnpm test:slow` (mode `slow`) runs them and CI runs that; `npm test` leaves
 * them out to stay within 3 minutes (docs/decisions/049-a-three-minute-test-command.md).
 */
const SLOW = [
  'test/fuzz/**/*.test.ts',
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
  // These mock modules to watch the server's steps: each needs a module graph of its own.
  'test/markdown-off-thread.test.ts',
  'test/register-cost.test.ts',
];
/** What the database cannot change (rejected before any query; sockets): the PostgreSQL run leaves them to PGlite's. */
const SAME_ON_EVERY_DATABASE = ['test/fuzz/**/*.test.ts', 'test/timeouts.test.ts'];

export default defineConfig(({ mode }) => {
  if (mode === 'postgres') {
    // `pnpm test:pg`: the fast and the slow suites in one run, on PostgreSQL.
    if (databaseDriver() !== 'postgres')
      throw new Error('test:pg needs TEST_DATABASE_URL (a PostgreSQL URL)');
    // The slow files keep a module graph each, as below; the others share one per worker, as `npm test`
    // does: re-importing the server for each of them cost more than their tests (decision 049). The
    // projects do not extend this file: loading it again would not be in this mode.
    const shared = databaseTestOptions('api', { maxWorkers: 2 });
    const { reporters: _reporters, outputFile: _outputFile, maxWorkers: _maxWorkers, ...project } = shared;
    const exclude = [...(shared.exclude ?? []), ...SAME_ON_EVERY_DATABASE];
    return {
      test: {
        ...shared,
        projects: [
          { test: { ...project, name: 'fast', exclude: [...exclude, ...SLOW] } },
          { test: { ...project, name: 'slow', include: SLOW, exclude, isolate: true } },
        ],
      },
    };
  }
  // The kills, shutdowns and deadlines keep a module graph per file: nothing of one file's run can reach the next's.
  // Two workers, as below: their files wait on child processes, sockets and timers as much as on the CPU.
  if (mode === 'slow')
    return { test: databaseTestOptions('api-slow', { include: SLOW, isolate: true, maxWorkers: 2 }) };
  // Two workers: the API suite is the longest, and its files wait on sockets and hashing as well.
  return { test: databaseTestOptions('api', { exclude: SLOW, maxWorkers: 2 }) };
});
