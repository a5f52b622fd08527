import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { assertChromium, chromiumArgs, chromiumPath } from './e2e/chromium';

/**
 * End-to-end tests against the PRODUCTION build: the API bundle serving the built web app
 * on a fresh embedded database. This config never builds; run `pnpm build` first.
 */

const webDir = path.dirname(fileURLToPath(import.meta.url));
const apiMain = path.resolve(webDir, '../api/dist/main.js');
const webIndex = path.resolve(webDir, 'dist/index.html');

assertChromium();
for (const [file, what] of [
  [apiMain, 'the API bundle'],
  [webIndex, 'the web app build'],
] as const) {
  if (!existsSync(file)) {
    throw new Error(`${what} is missing (${file}). Run \`pnpm build\` at the repository root first.`);
  }
}

const port = Number(process.env.E2E_PORT || 5174);
const baseURL = `http://127.0.0.1:${port}`;

// One fresh database per run. The config is also loaded by every worker: they inherit the
// runner's environment, so only the runner creates (and finally removes) the directory.
const DATA_DIR_VAR = 'JOURNEY_E2E_DATA_DIR';
let dataDir = process.env[DATA_DIR_VAR];
if (!dataDir) {
  const created = mkdtempSync(path.join(tmpdir(), 'journey-e2e-'));
  dataDir = process.env[DATA_DIR_VAR] = created;
  process.once('exit', () => rmSync(created, { recursive: true, force: true }));
}

const reporter: ReporterDescription[] = [['list']];
if (process.env.TEST_REPORT_DIR) {
  // A relative directory is taken from where the command was started (pnpm sets INIT_CWD).
  const reportDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.TEST_REPORT_DIR);
  reporter.push(['json', { outputFile: path.join(reportDir, 'e2e.json') }]);
}

export default defineConfig({
  testDir: 'e2e',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  fullyParallel: false,
  reporter,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    command: 'node ../api/dist/main.js',
    cwd: webDir,
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Embedded PGlite, whatever the caller's shell holds.
      DATABASE_URL: '',
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
      SITE_PRODUCT_NAME: 'Unicorn',
      ALLOW_REGISTRATION: 'false',
      TRUST_PROXY: 'false',
      WEB_DIST_DIR: path.dirname(webIndex),
      LOG_LEVEL: 'warn',
    },
  },
});
