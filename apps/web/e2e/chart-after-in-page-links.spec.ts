import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createRevenue, deleteRevenue, HEADLINE, listRevenue, section } from './support';

/*
 * The revenue chart after an in-page link: every such link moves the router's location (and the
 * scheme toggle changes Mantine's context) before the reader reaches the chart. The section must keep
 * its figures throughout, and draw the chart once the reader gets there.
 */

const MARK = 'e2e in-page links';

/** Every in-page link a visitor can click first: the hero's buttons and the navigation. */
const LINKS = [
  { label: 'Begin The Journey', href: '#journey', from: 'hero' },
  { label: 'View Tracker', href: '#tracker', from: 'hero' },
  { label: 'Journey', href: '#journey', from: 'nav' },
  { label: 'Milestones', href: '#milestones', from: 'nav' },
  { label: 'AI Lab', href: '#lab', from: 'nav' },
  { label: 'Contact', href: '#contact', from: 'nav' },
  { label: 'Connect', href: '#contact', from: 'nav' },
] as const;

type Link = (typeof LINKS)[number];

const chartSection = (page: Page) => page.locator('#revenue-over-time');

/** The link as a visitor reaches it: in the header on wide screens, through the menu on phones. */
async function clickLink(page: Page, isMobile: boolean, link: Link) {
  if (link.from === 'hero') {
    await section(page, HEADLINE).getByRole('link', { name: link.label, exact: true }).click();
    return;
  }
  let nav: Locator = page.getByRole('banner');
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    nav = page.getByRole('dialog', { name: 'Menu' });
  }
  await nav.getByRole('link', { name: link.label, exact: true }).click();
}

/** The section still holds its heading and its figures (a table until the chart is drawn). */
async function expectSectionFilled(page: Page) {
  const chart = chartSection(page);
  await expect(chart.getByRole('heading', { name: 'Revenue over time' })).toBeVisible();
  await expect(chart.getByRole('table').or(chart.locator('svg.recharts-surface').first())).toBeVisible();
  const height = (await chart.boundingBox())?.height ?? 0;
  expect(height, 'the section keeps its height').toBeGreaterThan(400);
}

async function expectChartDrawn(page: Page) {
  const chart = chartSection(page);
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(chart.locator('path.recharts-area-curve').first()).toHaveAttribute('d', /\d/);
}

test.describe('the revenue chart after in-page links', () => {
  test.beforeEach(async ({ adminRequest }) => {
    await createRevenue(adminRequest, {
      amount: '4321.00',
      source: 'ai',
      description: `${MARK} sale`,
      date: '2023-04-05',
    });
  });
  test.afterEach(async ({ adminRequest }) => {
    for (const entry of await listRevenue(adminRequest)) {
      if (entry.description.startsWith(MARK)) await deleteRevenue(adminRequest, entry.id);
    }
  });

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test.describe(`with ${reducedMotion} motion`, () => {
      test.use({ reducedMotion });

      test('each link keeps the section filled, and the chart is drawn when the reader gets there', async ({
        page,
        isMobile,
      }) => {
        // Seven page loads, each fetching the sections and the chart as the reader reaches them.
        test.slow();
        for (const link of LINKS) {
          await test.step(`${link.label} (${link.from})`, async () => {
            await page.goto('/');
            await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
            await clickLink(page, isMobile, link);
            await expect(page).toHaveURL(new RegExp(`${link.href}$`));
            await expectSectionFilled(page);
            await expectChartDrawn(page);
          });
        }
      });
    });
  }

  test('the colour-scheme toggle before the chart loads leaves it in place', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    // The toggle is in the header on every screen (the phone menu has none).
    await page.getByRole('banner').getByRole('button', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectSectionFilled(page);
    await expectChartDrawn(page);
  });
});
