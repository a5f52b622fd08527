import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { ADMIN_TABS, openAdminTab, tabOf, type AdminTabKey } from './admin-tabs';
import { createExperiment, createMilestone, createRevenue, subscribe } from './support';

// The admin panel on a phone (the mobile project, 390x844), with long texts and many rows.

/** More rows than fit on a phone's screen, fewer than a page (25), so every row is on the first page. */
const ROWS = 14;
/** A word no line of a phone can hold: the layout has to wrap it, not grow sideways. */
const LONG_WORD = 'Supercalifragilistic-enterprise-contract-renewal-for-the-whole-year';

async function fillEveryTable(api: APIRequestContext, request: APIRequestContext) {
  for (let index = 0; index < ROWS; index += 1) {
    await createRevenue(api, {
      amount: `${123_456_789 + index}.99`,
      source: (['ai', 'passive', 'consulting'] as const)[index % 3]!,
      description: `Entry ${index}: ${LONG_WORD} paid up front, with a long note about what it covered.`,
      date: `2024-02-${String(index + 1).padStart(2, '0')}`,
    });
    await createMilestone(api, {
      title: `Milestone ${index} ${LONG_WORD}`.slice(0, 100),
      description: 'A milestone with a long title, to see how the row wraps on a phone.',
      date: `2024-03-${String(index + 1).padStart(2, '0')}`,
      day: 100 + index,
      isRevenue: index % 2 === 0 ? 1 : 0,
      ...(index % 2 === 0 ? { amount: '1000' } : {}),
    });
    await createExperiment(api, {
      title: `Experiment ${index} ${LONG_WORD}`.slice(0, 100),
      description: 'An experiment with a long title, to see how the row wraps on a phone.',
      status: 'Active',
      projectCount: 1_000 + index,
    });
    await subscribe(
      request,
      `reader.${index}.with.a.very.long.address.for.wrapping@subdomain.example-company.com`,
    );
  }
}

/**
 * What of the tab's body rows a user could not see without scrolling sideways: every cell and action
 * button must lie inside the window and inside every box that clips it (a scroll area scrolled to 0).
 */
function offScreenParts(page: Page, key: AdminTabKey) {
  return tabOf(page, key).rows.evaluateAll((rows) => {
    const problems: string[] = [];
    for (const [index, row] of rows.entries()) {
      for (const part of row.querySelectorAll('td, button')) {
        const box = part.getBoundingClientRect();
        const name = `row ${index + 1} ${part.tagName.toLowerCase()} "${(part.getAttribute('aria-label') ?? part.textContent ?? '').slice(0, 40)}"`;
        if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
          problems.push(`${name}: ${Math.round(box.left)}–${Math.round(box.right)} outside the window`);
          continue;
        }
        for (let at = part.parentElement; at; at = at.parentElement) {
          if (!/auto|scroll|hidden|clip/.test(getComputedStyle(at).overflowX)) continue;
          const clip = at.getBoundingClientRect();
          if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
            problems.push(`${name}: clipped by ${at.className || at.tagName}`);
            break;
          }
        }
      }
    }
    return problems;
  });
}

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.describe('admin on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'a phone layout: the mobile project (390x844)');

  test('every row of every table shows its cells and actions without sideways scrolling', async ({
    adminPage: page,
    api,
    request,
  }) => {
    test.setTimeout(90_000);
    await fillEveryTable(api, request);

    for (const key of Object.keys(ADMIN_TABS) as AdminTabKey[]) {
      const tab = await openAdminTab(page, key);
      await expect(tab.rows).toHaveCount(key === 'experiments' ? ROWS + 5 : ROWS);
      expect(await offScreenParts(page, key), `${key}: parts off screen`).toEqual([]);
      expect(await pageScrollsSideways(page), `${key}: the page scrolls sideways`).toBe(false);

      // The actions of the last row answer a tap where they are.
      const last = tab.rows.last();
      await last.scrollIntoViewIfNeeded();
      await expect(last.getByRole('button', { name: /^Delete / })).toBeInViewport({ ratio: 1 });
    }
  });

  test('the tabs stay on one row that scrolls, and the last one can be reached', async ({
    adminPage: page,
  }) => {
    await openAdminTab(page, 'milestones');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(12);
    const tops = await tabs.evaluateAll((elements) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size, `the tabs' tops: ${tops.join(', ')}`).toBe(1);
    expect(await pageScrollsSideways(page)).toBe(false);
    // A phone shows no scrollbar of its own: the row shows one, so a reader sees there is more.
    const tabRow = page.locator('.mantine-ScrollArea-root', { has: page.getByRole('tablist') });
    await expect(
      tabRow.locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]'),
    ).toBeVisible();

    const last = page.getByRole('tab', { name: 'Activity', exact: true });
    await expect(tabs.last()).toHaveText('Activity');
    await last.click();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await expect(last).toBeInViewport({ ratio: 1 });
    expect(await pageScrollsSideways(page)).toBe(false);

    // Opened straight on the last tab, the selected tab is scrolled into sight.
    await page.goto('/admin?tab=activity');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(last).toBeInViewport({ ratio: 1 });
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`every tab passes axe on a phone (${scheme})`, async ({ adminPage: page, api, request, axe }) => {
      test.setTimeout(90_000);
      await fillEveryTable(api, request);
      await page.emulateMedia({ colorScheme: scheme });
      for (const key of Object.keys(ADMIN_TABS) as AdminTabKey[]) {
        await openAdminTab(page, key);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await axe();
      }
    });
  }
});

test.describe('admin header', () => {
  test("'View site' is in the header at every size and opens the site", async ({ adminPage: page }) => {
    await page.goto('/admin');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const viewSite = page.getByRole('banner').getByRole('link', { name: 'View site', exact: true });
    await expect(viewSite).toBeVisible();
    await expect(viewSite).toBeInViewport({ ratio: 1 });
    expect(await pageScrollsSideways(page)).toBe(false);
    await viewSite.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Journey Milestones' })).toBeVisible();
  });
});
