import { defineConfig } from 'vitest/config';

// CI sums the test counts of every suite from these JSON reports.
const reportDir = process.env.TEST_REPORT_DIR;
const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/db-${database}.json` } : {},
  },
});
