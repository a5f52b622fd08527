// Sums the JSON reports of every suite (Vitest, Playwright, and .ci/image.sh's checks in Vitest's
// shape) into one closing line.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const expected = [
  'contracts-unit',
  'markdown-unit',
  'web-unit',
  'db-pglite',
  'api-pglite',
  'api-slow-pglite',
  'db-postgres',
  'api-postgres',
  'e2e',
  'image',
];
let passed = 0;
let failed = 0;
const seen = new Set();

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const name = path.basename(file, '.json');
  seen.add(name);
  let p;
  let f;
  if (report.stats && 'expected' in report.stats) {
    // Playwright: flaky tests count as failed here; retries are off anyway.
    p = report.stats.expected;
    f = report.stats.unexpected + report.stats.flaky;
  } else {
    // Vitest: failed tests, plus files that failed without a failing test (an import or hook error).
    p = report.numPassedTests;
    f = report.numFailedTests;
    for (const file of report.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed').length;
      if (file.status === 'failed' && failedTests === 0) f += 1;
    }
    if (report.numTotalTests === 0) f += 1; // a suite that ran nothing is a failure
  }
  console.log(`${name.padEnd(14)} ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}

for (const name of expected.filter((n) => !seen.has(n))) {
  console.log(`${name.padEnd(14)} no report: the suite did not run`);
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
