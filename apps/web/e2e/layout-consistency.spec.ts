import type { Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { openAdminTab } from './admin-tabs';
import { createExperiment, section } from './support';

// Small layout promises: one style for every Add button, the Embed tab's copy buttons side by side,
// and an AI Arena grid whose last row is never one lonely card.

const ADD_BUTTONS = [
  ['milestones', 'Add New Milestone'],
  ['revenue', 'Add New Revenue'],
  ['experiments', 'Add New Experiment'],
] as const;

test.describe('layout consistency', () => {
  test('the Add buttons of every tab look the same', async ({ adminPage: page }) => {
    const looks: Record<string, unknown>[] = [];
    for (const [key, name] of ADD_BUTTONS) {
      const tab = await openAdminTab(page, key);
      const button = tab.panel.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      looks.push(
        await button.evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            variant: element.getAttribute('data-variant'),
            background: style.backgroundColor,
            color: style.color,
            height: element.getBoundingClientRect().height,
          };
        }),
      );
    }
    expect(looks[1], 'Revenue looks like Milestones').toEqual(looks[0]);
    expect(looks[2], 'Experiments looks like Milestones').toEqual(looks[0]);
  });

  test("the Embed tab's two copy buttons sit at the same height", async ({ adminPage: page, isMobile }) => {
    test.skip(isMobile, 'on a phone the snippets stack, each button under its own snippet');
    await page.goto('/admin?tab=embed');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const html = await page.getByRole('button', { name: 'Copy HTML', exact: true }).boundingBox();
    const markdown = await page.getByRole('button', { name: 'Copy Markdown', exact: true }).boundingBox();
    expect(html && markdown, 'both buttons are laid out').toBeTruthy();
    expect(Math.abs(html!.y - markdown!.y), `tops ${html!.y} and ${markdown!.y}`).toBeLessThanOrEqual(1);
    expect(html!.height).toBe(markdown!.height);
  });

  for (const width of [1440, 800]) {
    test(`with six experiments the arena's last row is full at ${width} px`, async ({
      adminPage: page,
      api,
      isMobile,
    }) => {
      test.skip(isMobile, 'one column on a phone: every row is full');
      await page.setViewportSize({ width, height: 900 });
      await createExperiment(api, {
        title: 'The Sixth Experiment',
        description: 'One more bet, so the arena holds six of them.',
        status: 'Active',
        projectCount: 2,
      });
      await page.goto('/#lab');
      const lab = section(page, 'AI Arena');
      await expect(lab.getByRole('heading', { level: 3, name: 'The Sixth Experiment' })).toBeVisible();
      const rows = await rowsOf(page);
      expect(rows.cards, 'the five seeded, the sixth and the launch card').toBe(7);
      expect(rows.lastRowFill, `the last row fills the grid: ${JSON.stringify(rows)}`).toBeGreaterThan(0.99);
    });
  }
});

/** The arena's cards grouped by row: how many are on the last one and how much of the width they fill. */
function rowsOf(page: Page) {
  return section(page, 'AI Arena')
    .getByRole('article')
    .evaluateAll((cards) => {
      const grid = cards[0]!.parentElement!.getBoundingClientRect();
      const boxes = cards.map((card) => card.getBoundingClientRect());
      const lastTop = Math.max(...boxes.map((box) => Math.round(box.top)));
      const last = boxes.filter((box) => Math.round(box.top) === lastTop);
      const left = Math.min(...last.map((box) => box.left));
      const right = Math.max(...last.map((box) => box.right));
      return { cards: cards.length, lastRowCount: last.length, lastRowFill: (right - left) / grid.width };
    });
}
