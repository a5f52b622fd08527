import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, signInAdmin, type PostJson } from '@journey/testing';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { E2EOptions } from './options';

export { expect };

export { ADMIN };

/** WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A browser console error a test expects: an exact message or a pattern. */
export type ConsoleAllowance = string | RegExp;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

interface AxeOptions {
  /** CSS selectors to leave out of the scan. */
  exclude?: string[];
}

interface AdminSession {
  /** The session cookie(s) of the signed-in admin. */
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
}

interface TestFixtures extends E2EOptions {
  /** Console errors this test expects; anything else logged as an error fails the test. */
  allowedConsoleErrors: ConsoleAllowance[];
  /** The test's page, signed in as the admin. */
  admin: { page: Page; username: string };
  /** API calls to the main server as the signed-in admin (the test's page stays anonymous). */
  adminRequest: APIRequestContext;
  /** Runs axe on the current page with WCAG_TAGS and fails on any violation. */
  axe: (options?: AxeOptions) => Promise<void>;
}

interface WorkerFixtures {
  adminSession: AdminSession;
}

/** Playwright's request context as the JSON POST the shared admin sign-in takes: its cookies stay in it. */
export const postWith =
  (api: APIRequestContext): PostJson =>
  async (path, data) => {
    const response = await api.post(path, { data });
    return { status: response.status(), text: await response.text() };
  };

const isAllowed = (text: string, allowances: ConsoleAllowance[]) =>
  allowances.some((allowance) => (typeof allowance === 'string' ? text === allowance : allowance.test(text)));

/** One readable block per violation: rule, impact, help, and the offending nodes. */
export function formatViolations(violations: AxeResults['violations']): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map(
        (node) =>
          `    - ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
      );
      return [
        `  ${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}`,
        `    ${violation.helpUrl}`,
        ...nodes,
      ].join('\n');
    })
    .join('\n');
}

/**
 * Collects every console.error and uncaught error of the context's pages that `allowances` do not
 * expect; the list fills as the pages run (a test checks it is empty at its end).
 */
export function watchBrowserErrors(context: BrowserContext, allowances: ConsoleAllowance[]): string[] {
  const problems: string[] = [];
  context.on('console', (message) => {
    if (message.type() !== 'error' || isAllowed(message.text(), allowances)) return;
    const { url, lineNumber } = message.location();
    problems.push(`console.error: ${message.text()}${url ? ` (at ${url}:${lineNumber})` : ''}`);
  });
  context.on('weberror', (webError) => {
    const error = webError.error();
    problems.push(`pageerror: ${error.name}: ${error.message}`);
  });
  return problems;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  allowedConsoleErrors: [[], { option: true }],

  // Every page of the context is watched: an unexpected console.error or uncaught error fails the test.
  context: async ({ context, allowedConsoleErrors }, use) => {
    const problems = watchBrowserErrors(context, allowedConsoleErrors);
    await use(context);
    expect(problems, 'unexpected errors in the browser console').toEqual([]);
  },

  // Registers the admin on the main server (only the first registration succeeds and the
  // database lives as long as the run), else signs in with the same credentials. The session is
  // kept in the run's directory and reused by later workers while the server accepts it: a worker
  // restarts after every failed test, and sign-ins are rate limited (docs/decisions/013-sessions-and-login-limits.md).
  adminSession: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const runDir = process.env.JOURNEY_E2E_RUN_DIR;
      const stateFile = runDir ? path.join(runDir, 'state', 'admin-session.json') : undefined;

      let cookies: AdminSession['cookies'] | undefined;
      if (stateFile && existsSync(stateFile)) {
        const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as AdminSession['cookies'];
        const probe = await playwright.request.newContext({
          baseURL,
          storageState: { cookies: saved, origins: [] },
        });
        if ((await probe.get('/api/user')).status() === 200) cookies = saved;
        await probe.dispose();
      }

      if (!cookies) {
        const api = await playwright.request.newContext({ baseURL });
        await signInAdmin(postWith(api));
        cookies = (await api.storageState()).cookies;
        await api.dispose();
        expect(
          cookies.map((cookie) => cookie.name),
          'the session cookie is set',
        ).toContain('journey_session');
        if (stateFile) writeFileSync(stateFile, JSON.stringify(cookies));
      }
      await use({ cookies });
    },
    { scope: 'worker' },
  ],

  freshBaseURL: ['', { option: true }],

  admin: async ({ context, page, adminSession }, use) => {
    await context.addCookies(adminSession.cookies);
    await use({ page, username: ADMIN.username });
  },

  adminRequest: async ({ playwright, adminSession }, use, testInfo) => {
    const api = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: { cookies: adminSession.cookies, origins: [] },
    });
    await use(api);
    await api.dispose();
  },

  axe: async ({ page }, use) => {
    await use(async (options = {}) => {
      let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
      for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
      const { violations } = await builder.analyze();
      expect(
        violations.length,
        `${violations.length} accessibility violation(s) on ${page.url()}:\n${formatViolations(violations)}`,
      ).toBe(0);
    });
  },
});
