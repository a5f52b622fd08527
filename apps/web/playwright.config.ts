import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { assertChromium, chromiumArgs, chromiumPath } from '@journey/testing';
import type { E2EOptions } from './e2e/options';

/**
 * End-to-end tests against the PRODUCTION build: the API bundle serving the built web app
 * on fresh embedded databases. This config never builds; run `pnpm build` first.
 *
 * Servers (each with its own fresh database for the run):
 * - one main server per worker, started by the `mainServer` fixture (e2e/fixtures.ts) on a free
 *   port, used by every spec that names no other; its first account is the `founder` admin.
 *   Two workers run files side by side, each on its own data (docs/decisions/050-browser-tests-in-parallel.md);
 * - one "fresh" server per project (E2E_PORT + 1 for desktop, + 2 for mobile, E2E_PORT default
 *   5174), used only by the specs that need a database nobody writes to: the first-account
 *   registration flow and the empty states. One per project, since registering the first account
 *   closes registration.
 */

const webDir = path.dirname(fileURLToPath(import.meta.url));
const apiMain = path.resolve(webDir, '../api/dist/main.js');
const webDist = path.resolve(webDir, 'dist');

assertChromium();
for (const [file, what] of [
  [apiMain, 'the API bundle'],
  [path.join(webDist, 'client/index.html'), 'the web app build (client)'],
  [path.join(webDist, 'server/entry-server.js'), 'the web app build (server rendering)'],
] as const) {
  if (!existsSync(file)) {
    throw new Error(`${what} is missing (${file}). Run \`pnpm build\` at the repository root first.`);
  }
}

const port = Number(process.env.E2E_PORT || 5174);
const urlOf = (serverPort: number) => `http://127.0.0.1:${serverPort}`;
const freshPorts = { desktop: port + 1, mobile: port + 2 } as const;

/**
 * The specs a phone changes, which the mobile project runs besides the desktop one: the public pages'
 * layout, menu, charts and touch, the styles before and after hydration at a phone's width, the sign-in
 * page, and the admin on a phone (admin-phone.spec.ts: every tab, its rows and dialogs, axe in both
 * schemes; the password button that is an icon there). Every other spec runs on desktop only: its forms,
 * journeys, API and headers are the same at any width (docs/decisions/093-a-browser-suite-that-fits-ci.md).
 */
const PHONE_SPECS = [
  'admin-password',
  'admin-phone',
  'auth',
  'chart-after-in-page-links',
  'footer-links',
  'hydration-styles',
  'landing',
  'landing-recurring',
  'layout-consistency',
  'mantine-styles',
  'milestone-page',
  'navigation',
  'newsletter',
  'newsletter-archive',
  'not-found-layout',
  'revenue-chart',
  'scheme-contrast',
  'tracker',
  'typed-before-hydration',
].map((name) => `**/${name}.spec.ts`);

// One temporary directory per run holding every database (and the fixtures' shared state).
// The config is also loaded by every worker: they inherit the runner's environment, so only
// the runner creates (and finally removes) the directory.
const RUN_DIR_VAR = 'JOURNEY_E2E_RUN_DIR';
let runDir = process.env[RUN_DIR_VAR];
if (!runDir) {
  const created = mkdtempSync(path.join(tmpdir(), 'journey-e2e-'));
  runDir = process.env[RUN_DIR_VAR] = created;
  for (const sub of ['fresh-desktop-db', 'fresh-mobile-db']) {
    mkdirSync(path.join(created, sub));
  }
  process.once('exit', () => rmSync(created, { recursive: true, force: true }));
}

const reporter: ReporterDescription[] = [['list']];
if (process.env.TEST_REPORT_DIR) {
  // A relative directory is taken from where the command was started (pnpm sets INIT_CWD).
  const reportDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.TEST_REPORT_DIR);
  reporter.push(['json', { outputFile: path.join(reportDir, 'e2e.json') }]);
}

/** The production server on `serverPort` with the database in `dataDir`. */
function server(serverPort: number, dataDir: string) {
  return {
    command: 'node ../api/dist/main.js',
    cwd: webDir,
    url: `${urlOf(serverPort)}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Embedded PGlite, whatever the caller's shell holds.
      DATABASE_URL: '',
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
      SITE_PRODUCT_NAME: 'Unicorn',
      ALLOW_REGISTRATION: 'false',
      TRUST_PROXY: 'false',
      // Mail goes to the outbox ten times a second instead of once, to keep the newsletter's tests short.
      MAIL_RATE_PER_MINUTE: '600',
      // No ECB server is reachable from the test machines: the rates come from uploads (decision 078).
      ECB_RATES_URL: 'off',
      WEB_DIST_DIR: webDist,
      // Every spec signs up from 127.0.0.1: the per-IP limit is proved by the API tests.
      SIGNUP_LIMIT_PER_IP: '100000',
      LOG_LEVEL: 'warn',
    },
  } as const;
}

export default defineConfig<E2EOptions>({
  testDir: 'e2e',
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two cores here: a third worker only makes the two busy ones wait.
  workers: Number(process.env.E2E_WORKERS || 2),
  fullyParallel: false,
  reporter,
  // A guard against hangs, not a speed budget: a whole add-edit-delete journey took 35-40 s on a busy
  // machine (docs/decisions/058-dependable-tests-password-reset-private-files.md).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: [...chromiumArgs],
    },
    locale: 'en-US',
    timezoneId: 'UTC',
    // Recording a trace costs a fifth of the suite's time on two cores (measured on navigation.spec.ts:
    // 94 s with, 73 s without); a failure keeps its screenshot and page snapshot, and E2E_TRACE=1
    // records traces again to look into one.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1440, height: 900 }, freshBaseURL: urlOf(freshPorts.desktop) },
    },
    {
      name: 'mobile',
      testMatch: PHONE_SPECS,
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        freshBaseURL: urlOf(freshPorts.mobile),
      },
    },
  ],
  webServer: [
    server(freshPorts.desktop, path.join(runDir, 'fresh-desktop-db')),
    server(freshPorts.mobile, path.join(runDir, 'fresh-mobile-db')),
  ],
});
