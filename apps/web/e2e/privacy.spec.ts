import type { Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { createRevenue, getSettings } from './records';
import { toasts } from './support';

/*
 * Privacy per figure (docs/decisions/083-privacy-per-figure.md): the owner picks, in the Site tab, how
 * each figure is shown; the landing page follows at once, in the server's HTML and after hydration,
 * and no exact amount of a ranged or hidden figure reaches the browser.
 */

const AI = {
  amount: '27531.29',
  source: 'ai',
  description: 'Arena client work',
  date: '2026-09-14',
} as const;
const PASSIVE = {
  amount: '4814.38',
  source: 'passive',
  description: 'Template sales',
  date: '2026-10-03',
} as const;
const EXACT_SPELLINGS = ['32,345.67', '32345.67', '27,531.29', '27531.29', '4,814.38', '4814.38'];
/** The total's band: not among the band rule's examples, so finding it means the figure is shown. */
const TOTAL_BAND = '$25k–$50k';

async function choosePrivacy(page: Page, figure: string, level: 'Exact' | 'Range' | 'Hidden') {
  await page.goto('/admin?tab=site');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const panel = page.getByRole('tabpanel', { name: 'Site', exact: true });
  const group = panel.getByRole('radiogroup', { name: figure });
  await group.scrollIntoViewIfNeeded();
  // By keyboard, as a radio group is used: focus the checked one, arrows move the choice.
  await group.getByRole('radio', { name: 'Exact' }).focus();
  const steps = { Exact: 0, Range: 1, Hidden: 2 }[level];
  for (let step = 0; step < steps; step += 1) await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: level })).toBeChecked();
  await panel.getByRole('button', { name: 'Save settings' }).click();
  await expect(toasts(page).filter({ hasText: 'Settings saved' })).toBeVisible();
}

const tracker = (page: Page) => page.locator('#tracker');

test.describe('privacy per figure', () => {
  test.beforeEach(async ({ api }) => {
    await createRevenue(api, AI);
    await createRevenue(api, PASSIVE);
  });

  test('the total shown as a range: bands on the tracker and its filters, no chart, no exact amount anywhere', async ({
    adminPage: page,
    api,
    axe,
  }) => {
    await choosePrivacy(page, 'Total revenue', 'Range');
    expect((await getSettings(api)).privacy.total).toBe('range');

    // The server's HTML, attributes and embedded state included.
    const html = await (await api.get('/')).text();
    for (const spelling of EXACT_SPELLINGS) expect(html, spelling).not.toContain(spelling);
    expect(html).toContain(TOTAL_BAND);

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(tracker(page)).toContainText(TOTAL_BAND);
    await expect(tracker(page)).toContainText('The owner shows this figure as a range.');
    await expect(tracker(page).getByRole('progressbar')).toHaveCount(0);
    // The sources are never more exact than the total.
    await expect(tracker(page).getByRole('button', { name: `AI Projects ${TOTAL_BAND}` })).toBeVisible();
    await tracker(page).getByRole('button', { name: 'Passive Income $2.5k–$5k' }).click();
    await expect(tracker(page)).toContainText('$2.5k–$5k');
    await expect(page.locator('#revenue-over-time')).toContainText(
      'The owner keeps revenue over time private',
    );
    const hydrated = await page.content();
    for (const spelling of EXACT_SPELLINGS) expect(hydrated, spelling).not.toContain(spelling);
    await axe();
  });

  test('the total hidden: "Private" everywhere it stood, and a visitor reads why', async ({
    adminPage: page,
    api,
    axe,
  }) => {
    await choosePrivacy(page, 'Total revenue', 'Hidden');
    const html = await (await api.get('/')).text();
    for (const spelling of [...EXACT_SPELLINGS, TOTAL_BAND]) expect(html, spelling).not.toContain(spelling);

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(tracker(page)).toContainText('The owner keeps this figure private.');
    await expect(tracker(page).getByRole('button', { name: 'All Revenue Private' })).toBeVisible();
    await axe();
  });

  for (const scheme of ['light', 'dark'] as const)
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ])
      test(`looks right as a range, ${scheme}, ${viewport.width}px`, async ({ adminPage: page }) => {
        test.skip(test.info().project.name !== 'desktop', 'one set of screenshots is enough');
        await choosePrivacy(page, 'Total revenue', 'Range');
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto('/#tracker');
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
        await expect(tracker(page)).toContainText(TOTAL_BAND);
        await tracker(page).screenshot({
          path: test.info().outputPath(`privacy-range-${scheme}-${viewport.width}.png`),
        });
      });
});
