// Sums the JSON reports of every suite (Vitest, Playwright, and .ci/image.sh's checks in Vitest's
// shape) into one closing line, after naming each failed test: the end of a long log is what a
// reader of a failed run sees first.
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
const failedNames = [];

/** The first line of a failure's message, short enough for one log line. */
const firstLine = (message) =>
  String(message ?? '')
    // eslint-disable-next-line no-control-regex -- Playwright colours its messages with ANSI escapes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim()) ?? '';

/** Playwright nests suites; every failed or flaky test in them, with its file and title path. */
function playwrightFailures(suites, titles = []) {
  const found = [];
  for (const suite of suites ?? []) {
    const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        found.push(
          `[${test.projectName}] ${spec.file}: ${[...path, spec.title].join(' › ')} — ${firstLine(error)}`,
        );
      }
    }
    found.push(...playwrightFailures(suite.suites, path));
  }
  return found;
}

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
    failedNames.push(...playwrightFailures(report.suites).map((line) => `${name}: ${line}`));
  } else {
    // Vitest: failed tests, plus files that failed without a failing test (an import or hook error).
    p = report.numPassedTests;
    f = report.numFailedTests;
    for (const file of report.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      const where = path.relative(process.cwd(), file.name);
      for (const test of failedTests) {
        failedNames.push(`${name}: ${where}: ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`);
      }
      if (file.status === 'failed' && failedTests.length === 0) {
        f += 1;
        failedNames.push(`${name}: ${where}: the file failed to run — ${firstLine(file.message)}`);
      }
    }
    if (report.numTotalTests === 0) f += 1; // a suite that ran nothing is a failure
  }
  console.log(`${name.padEnd(14)} ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}

if (failedNames.length > 0) {
  console.log('failed tests:');
  for (const line of failedNames) console.log(`  ${line.slice(0, 400)}`);
}

for (const name of expected.filter((n) => !seen.has(n))) {
  console.log(`${name.padEnd(14)} no report: the suite did not run`);
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
