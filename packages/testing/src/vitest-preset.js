// Plain JavaScript: Vitest loads its config files with Node, which cannot import a workspace package's
// TypeScript (the types are in vitest-preset.d.ts).
import { configDefaults } from 'vitest/config';

/** Whether this run is on PostgreSQL (TEST_DATABASE_URL) or on the embedded PGlite. */
export const databaseDriver = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/**
 * The `test` options every package shares, plus the JSON report CI sums (.ci/summarize.mjs):
 * `report` names the suite, its file is `$TEST_REPORT_DIR/<report>.json`.
 */
export function testOptions(report, options = {}) {
  const reportDir = process.env.TEST_REPORT_DIR;
  return {
    // One module graph per worker, not per file: re-importing the server (or jsdom) for every file cost
    // more CPU than the tests. Each file still starts its own server and database (decision 049).
    isolate: false,
    // A hang detector, not a speed budget: on a shared 2-core machine under load a test may take ten
    // times its idle time, and must still pass (docs/decisions/058-dependable-tests-password-reset-private-files.md).
    testTimeout: 120_000,
    hookTimeout: 180_000,
    ...options,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/${report}.json` } : {},
  };
}

/**
 * A suite on a database: the migrated template made once, and time for a database per test file.
 * `options.include`/`exclude` pick the suite's files; the report is `<name>-<pglite|postgres>`.
 */
export function databaseTestOptions(name, options = {}) {
  return testOptions(`${name}-${databaseDriver()}`, {
    globalSetup: ['./test/global-setup.ts'],
    ...options,
    // Vitest's own exclusions (node_modules) stay when a suite excludes more.
    exclude: [...configDefaults.exclude, ...(options.exclude ?? [])],
  });
}
