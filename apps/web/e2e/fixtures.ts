import AxeBuilder from '@axe-core/playwright';
import { ADMIN } from '@journey/testing';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { E2EOptions } from './options';
import { providePrivateServer, signedInRequest, type PrivateServer } from './private-server';

export { expect };

export { ADMIN };
export { postWith } from './private-server';

/** WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A browser console error a test expects: an exact message or a pattern. */
export type ConsoleAllowance = string | RegExp;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

interface AxeOptions {
  /** CSS selectors to leave out of the scan. */
  exclude?: string[];
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

/** Each wrapped page's own `goto`, which returns at the load event as Playwright's does. */
const plainGoto = new WeakMap<Page, Page['goto']>();

/**
 * Loads `path` without waiting for the page to hydrate: for a test of what shows before the app runs
 * (every other `page.goto` waits, see the `page` fixture).
 */
export function gotoBeforeHydration(page: Page, path: string) {
  return (plainGoto.get(page) ?? page.goto.bind(page))(path);
}

interface WorkerFixtures {
  /**
   * The worker's main server, the one every spec uses unless it names another: the production build on
   * a new embedded database with the `founder` admin registered. One per worker, so workers never see
   * each other's writes (docs/decisions/050-browser-tests-in-parallel.md).
   */
  mainServer: PrivateServer;
}

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
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    const line = `console.error: ${message.text()}${url ? ` (at ${url}:${lineNumber})` : ''}`;
    // An allowance may name the message alone or, to expect it from one address only, the whole line.
    if (!isAllowed(message.text(), allowances) && !isAllowed(line, allowances)) problems.push(line);
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

  // A page of the app answers clicks and keys once it has hydrated, which is after its first paint
  // (docs/decisions/051-start-the-app-after-the-first-paint.md): `page.goto` returns once it has, as a
  // visitor waits for a page to respond. Other documents (JSON, feeds) return at their load event.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      plainGoto.set(page, goto);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        const html = (response?.headers()['content-type'] ?? '').includes('text/html');
        if (html && options?.waitUntil !== 'commit' && (await page.locator('#root').count()) > 0)
          await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
        return response;
      };
    }
    await use(page);
  },

  mainServer: [
    ({ playwright }, use) => providePrivateServer(playwright, use),
    { scope: 'worker', timeout: 90_000 },
  ],

  baseURL: async ({ mainServer }, use) => use(mainServer.baseURL),

  freshBaseURL: ['', { option: true }],

  admin: async ({ context, page, mainServer }, use) => {
    await context.addCookies(mainServer.cookies);
    await use({ page, username: ADMIN.username });
  },

  adminRequest: async ({ playwright, mainServer }, use) => {
    const api = await signedInRequest(playwright, mainServer);
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
