import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// CI sums the test counts of every suite from these JSON reports.
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Typing into jsdom forms takes seconds when the shared 2-core machine is busy: a hang, not slowness, should fail.
    testTimeout: 30_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/web-unit.json` } : {},
  },
});
