import { LEGAL_PAGES } from '@journey/contracts/constants';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test, watchBrowserErrors } from './fixtures';
import { createMilestone, deleteMilestone, uniqueTag } from './support';

/*
 * The server's HTML must look the same before its script runs and after: Mantine's CSS reaches the page
 * in stylesheets of several chunks, and one that arrives later must not override another
 * (docs/decisions/053-mantine-css-in-ordered-layers.md). For every page and every admin tab, the computed
 * style of each Mantine component with JavaScript off is compared with the same component after
 * hydration, and again after client-side navigation to that page or tab.
 */

/** The properties a stylesheet arriving in the wrong order changes. */
const PROPERTIES = [
  'display',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'border-top-style',
  'border-bottom-style',
  'border-top-color',
  'border-bottom-color',
  'border-top-left-radius',
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-transform',
  'text-decoration-line',
  'cursor',
  'gap',
  'box-shadow',
  'opacity',
  'overflow-x',
] as const;

/** Each Mantine element by its Mantine names and text, with the computed PROPERTIES of it and its ::before/::after. */
type StyleSnapshot = Record<string, Record<string, string>>;

function snapshotStyles(properties: readonly string[]): StyleSnapshot {
  const snapshot: StyleSnapshot = {};
  const seen = new Map<string, number>();
  for (const element of Array.from(document.querySelectorAll('#root [class*="mantine-"]'))) {
    const names = Array.from(element.classList)
      .filter((name) => name.startsWith('mantine-'))
      .sort()
      .join('.');
    if (!names) continue;
    // Loading placeholders, toasts and a ScrollArea's own scrollbar (shown once it has measured) are what
    // hydration is expected to change.
    if (/mantine-(Skeleton|Loader|Notification|ScrollArea-(scrollbar|thumb|corner))/.test(names)) continue;
    // An element with no text of its own (an icon) is told apart by its parent's.
    const textOf = (node: Element | null) =>
      (node?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const text = textOf(element) || `in ${textOf(element.parentElement)}`;
    const base = `${names} "${text}"`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const style: Record<string, string> = {};
    const computed = getComputedStyle(element);
    for (const property of properties) style[property] = computed.getPropertyValue(property);
    // Once hydrated, Mantine draws a selected segment's mark as an element of its own instead of a ::before.
    const pseudos = element.closest('[data-initialized]') ? [] : ['::before', '::after'];
    for (const pseudo of pseudos) {
      const pseudoStyle = getComputedStyle(element, pseudo);
      if (pseudoStyle.content === 'none' || pseudoStyle.content === 'normal') continue;
      for (const property of ['display', 'background-color', 'border-bottom-color', 'border-bottom-width'])
        style[`${pseudo} ${property}`] = pseudoStyle.getPropertyValue(property);
    }
    snapshot[`${base} #${count}`] = style;
  }
  return snapshot;
}

/** The differences between two snapshots, over the elements both have. */
function differences(before: StyleSnapshot, after: StyleSnapshot): string[] {
  const found: string[] = [];
  for (const [element, style] of Object.entries(before)) {
    const hydrated = after[element];
    if (!hydrated) continue;
    for (const [property, value] of Object.entries(style)) {
      if (property in hydrated && hydrated[property] !== value)
        found.push(`${element}: ${property} ${value} → ${hydrated[property]}`);
    }
  }
  return found;
}

const takeSnapshot = (page: Page) => page.evaluate(snapshotStyles, PROPERTIES);

type Scheme = 'light' | 'dark';

/** A context with the project's viewport: JavaScript on or off, in `scheme`. */
async function newContext(
  browser: Browser,
  testInfo: TestInfo,
  baseURL: string,
  scheme: Scheme,
  js: boolean,
) {
  const { viewport, isMobile, hasTouch, locale, timezoneId } = testInfo.project.use;
  return browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    locale,
    timezoneId,
    colorScheme: scheme,
    javaScriptEnabled: js,
  });
}

/**
 * The server's HTML with no script run, in `scheme`: index.html's inline script would have set the
 * scheme before the first paint; Playwright's own evaluation does what it would.
 */
async function snapshotWithoutScript(page: Page, path: string, scheme: Scheme) {
  await page.goto(path);
  await page.evaluate(
    (value) => document.documentElement.setAttribute('data-mantine-color-scheme', value),
    scheme,
  );
  await endTransitions(page);
  return takeSnapshot(page);
}

/** Ends the transitions under way (colours set by the scheme, a tab's mark): a style is read where it settles. */
async function endTransitions(page: Page) {
  await page.evaluate(() => {
    for (const animation of document.getAnimations())
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
  });
}

/** Settled after hydration: no loading placeholder, no pointer over anything. */
async function settle(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await page.mouse.move(0, 0);
  await endTransitions(page);
}

/** Navigates as the router does on a click (pages such as the newsletter's have no link to them). */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
}

const ADMIN_TABS = [
  'milestones',
  'revenue',
  'costs',
  'webhooks',
  'experiments',
  'subscribers',
  'newsletter',
  'embed',
  'site',
  'account',
];
const TAB_LABELS: Record<string, string> = {
  milestones: 'Milestones',
  revenue: 'Revenue',
  costs: 'Costs',
  webhooks: 'Webhooks',
  experiments: 'Experiments',
  subscribers: 'Subscribers',
  newsletter: 'Newsletter',
  embed: 'Embed',
  site: 'Site',
  account: 'Account',
};

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`Mantine's styles before and after hydration, ${scheme} scheme`, () => {
    // The 404 page answers 404, which Chromium reports on the console.
    test.use({
      allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404 /],
    });

    let milestone: { id: number; title: string } | undefined;
    test.afterEach(async ({ adminRequest }) => {
      if (milestone) await deleteMilestone(adminRequest, milestone.id);
      milestone = undefined;
    });

    test('every page and admin tab, loaded and reached in the app', async ({
      browser,
      baseURL,
      mainServer,
      adminRequest,
    }, testInfo) => {
      test.setTimeout(300_000);
      milestone = await createMilestone(adminRequest, {
        title: `e2e hydration styles ${uniqueTag(testInfo.project.name)}`,
        description: 'A milestone page for the style comparison.',
        date: '2024-05-01',
        day: 9,
        isRevenue: 1,
        amount: '25',
      });
      const publicPages = [
        '/',
        `/milestones/${milestone.id}`,
        ...LEGAL_PAGES.map((legal) => legal.path),
        '/no-such-page',
        '/newsletter/confirm',
        '/newsletter/unsubscribe',
      ];
      const adminTabs = ADMIN_TABS.map((tab) => `/admin?tab=${tab}`);

      const off = await newContext(browser, testInfo, baseURL!, scheme, false);
      const on = await newContext(browser, testInfo, baseURL!, scheme, true);
      // The entry's stylesheet is in the HTML already: linked again, it came after the pages' own.
      const entryStylesheets: string[] = [];
      on.on('request', (request) => {
        if (/\/assets\/index-[\w-]+\.css$/.test(request.url())) entryStylesheets.push(request.url());
      });
      const problems = watchBrowserErrors(on, [
        /^Failed to load resource: the server responded with a status of 404 /,
      ]);
      const found: string[] = [];
      const compare = (where: string, before: StyleSnapshot, after: StyleSnapshot) => {
        expect(Object.keys(after).length, `Mantine elements on ${where}`).toBeGreaterThan(0);
        found.push(...differences(before, after).map((difference) => `${where}: ${difference}`));
      };
      try {
        const withoutScript = await off.newPage();
        const hydrated = await on.newPage();
        const expected = new Map<string, StyleSnapshot>();
        const titles = new Map<string, string>();
        /** The page without its script and hydrated, loaded side by side. */
        const compareLoaded = async (path: string) => {
          const [before] = await Promise.all([
            snapshotWithoutScript(withoutScript, path, scheme),
            hydrated.goto(path).then(() => settle(hydrated)),
          ]);
          expected.set(path, before);
          titles.set(path, await withoutScript.title());
          compare(`${path} loaded`, before, await takeSnapshot(hydrated));
        };

        // Signed out: /auth sends a signed-in visitor to /admin.
        for (const path of ['/auth', ...publicPages]) await compareLoaded(path);
        // Reached in the app from a page that loaded other chunks first.
        await hydrated.goto('/privacy');
        await settle(hydrated);
        for (const path of ['/auth', ...publicPages]) {
          await navigateInApp(hydrated, path);
          // The router keeps the last page on screen while the next one's chunk loads: its title
          // changes once the new page is committed.
          await expect(hydrated).toHaveTitle(titles.get(path)!);
          await settle(hydrated);
          compare(`${path} reached in the app`, expected.get(path)!, await takeSnapshot(hydrated));
        }

        await off.addCookies(mainServer.cookies);
        await on.addCookies(mainServer.cookies);
        for (const path of adminTabs) await compareLoaded(path);
        // Each tab reached by a click, after the public pages' chunks.
        await hydrated.goto('/terms');
        await settle(hydrated);
        await navigateInApp(hydrated, '/admin');
        for (const tab of ADMIN_TABS) {
          const clicked = hydrated.getByRole('tab', { name: TAB_LABELS[tab], exact: true });
          await clicked.click();
          await expect(hydrated).toHaveURL(new RegExp(`\\?tab=${tab}$`));
          // The address changes before the tab row renders its new selection: its mark moves then.
          await expect(clicked).toHaveAttribute('aria-selected', 'true');
          await settle(hydrated);
          compare(
            `/admin?tab=${tab} clicked`,
            expected.get(`/admin?tab=${tab}`)!,
            await takeSnapshot(hydrated),
          );
        }
      } finally {
        await off.close();
        await on.close();
      }
      expect(found, 'computed styles that differ after hydration').toEqual([]);
      expect(entryStylesheets, "the entry's inlined stylesheet fetched again").toEqual([]);
      expect(problems, 'unexpected errors in the browser console').toEqual([]);
    });
  });
}
