import { defineConfig } from 'vitest/config';

// CI sums the test counts of every suite from these JSON reports.
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  test: {
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/contracts-unit.json` } : {},
  },
});
