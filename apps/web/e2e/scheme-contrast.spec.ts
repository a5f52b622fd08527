import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  contrastRatio,
  createRevenueAndAchievement,
  deleteMilestonesMarked,
  section,
  uniqueTag,
} from './support';

// Milestone titles and the mobile menu, in each colour scheme: WCAG AA contrast (4.5:1) and axe clean.

const MARK = 'e2e-contrast';
const SCHEMES = ['light', 'dark'] as const;

/** The colour of the text and of the first opaque background behind it, as computed. */
const colours = (element: Locator) =>
  element.evaluate((node) => {
    let background = 'rgba(0, 0, 0, 0)';
    for (let at: Element | null = node; at; at = at.parentElement) {
      const colour = getComputedStyle(at).backgroundColor;
      if (!/rgba\(.*, 0\)$/.test(colour) && colour !== 'transparent') {
        background = colour;
        break;
      }
    }
    return { color: getComputedStyle(node).color, background };
  });

const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', '');

test.describe('colour contrast in both schemes', () => {
  test.afterEach(async ({ adminRequest }) => deleteMilestonesMarked(adminRequest, MARK));

  for (const scheme of SCHEMES) {
    test(`milestone titles of both kinds pass AA on their cards (${scheme})`, async ({
      page,
      adminRequest,
      axe,
    }, testInfo) => {
      const { revenue, achievement } = await createRevenueAndAchievement(
        adminRequest,
        MARK,
        uniqueTag(testInfo.project.name),
      );
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/#milestones');
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);

      const timeline = section(page, 'Journey Milestones');
      const hues: Record<string, string> = {};
      for (const milestone of [revenue, achievement]) {
        const title = timeline.getByRole('heading', { level: 3, name: milestone.title, exact: true });
        await title.scrollIntoViewIfNeeded();
        const { color, background } = await colours(title);
        const ratio = contrastRatio(color, background);
        expect(ratio, `"${milestone.title}" ${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
        hues[milestone.isRevenue ? 'revenue' : 'achievement'] = color;
      }
      // The hues stay: green for revenue (more green than blue), blue for achievements.
      const [rr = 0, rg = 0, rb = 0] = (hues.revenue?.match(/\d+/g) ?? []).map(Number);
      const [ar = 0, ag = 0, ab = 0] = (hues.achievement?.match(/\d+/g) ?? []).map(Number);
      expect(rg, `revenue title ${hues.revenue} is green`).toBeGreaterThan(Math.max(rr, rb));
      expect(ab, `achievement title ${hues.achievement} is blue`).toBeGreaterThan(Math.max(ar, ag));

      await axe();
    });

    test(`the mobile menu passes AA and axe (${scheme})`, async ({ page, axe, isMobile }) => {
      test.skip(!isMobile, 'the menu button shows below the md breakpoint only');
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      await hydrated(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Journey', exact: true })).toBeInViewport();

      const heading = menu.getByText('Menu', { exact: true });
      const { color } = await colours(heading);
      // The overlay is a gradient from #0b1020 to #1d1147: the heading must read on its lighter end.
      const ratio = contrastRatio(color, 'rgb(29, 17, 71)');
      expect(ratio, `'Menu' ${color} on the overlay`).toBeGreaterThanOrEqual(4.5);

      await axe();
    });
  }
});
