import type { Page } from '@playwright/test';
import { formatDate } from '@journey/contracts/constants';
import { expect, test } from './admin-server';
import { card, fieldMessage, openDialog } from './admin-dialogs';
import { openAdminTab } from './admin-tabs';
import { createExperiment, gotoHydrated } from './support';

// docs/decisions/081-experiment-state.md: an experiment killed in the admin stays on the site,
// marked with its date and verdict, on its card and on its own page, /lab/{slug}.

const EXPERIMENT = {
  title: 'Sponsored Newsletter',
  description: 'A weekly newsletter written with AI research, paid for by sponsors.',
  status: 'Popular' as const,
  projectCount: 2,
  story: '## What we tried\n\nThree issues, **two sponsors**, one lesson.',
};
const VERDICT = 'Sponsors paid less than the writing cost.';
const VERDICT_REQUIRED = 'Verdict is required when the experiment is killed: one line on why.';

/** The experiment's state as its card or page shows it: the badge, the dated line and the verdict. */
async function expectKilled(page: Page, scope: ReturnType<Page['locator']>) {
  await expect(scope.getByText('Killed', { exact: true })).toBeVisible();
  await expect(
    scope.getByText(`Killed on ${formatDate(new Date().toISOString())}`, { exact: true }),
  ).toBeVisible();
  await expect(scope.getByText(`Verdict: ${VERDICT}`, { exact: true })).toBeVisible();
}

test('an experiment killed in the admin stays on the landing page and on its own page, marked', async ({
  adminPage: page,
  api,
  axe,
}) => {
  await createExperiment(api, EXPERIMENT);

  const experiments = await openAdminTab(page, 'experiments');
  await expect(experiments.row(EXPERIMENT.title).getByRole('cell', { name: 'Running' })).toBeVisible();
  const dialog = await openDialog(page, experiments.edit(EXPERIMENT.title), 'Edit Experiment');
  await expect(dialog.getByRole('textbox', { name: 'Verdict' })).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'State' }).selectOption('Killed');
  const verdict = dialog.getByRole('textbox', { name: 'Verdict' });
  await expect(verdict).toBeVisible();
  // A kill without its verdict is refused, with the message on the field.
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(fieldMessage(dialog, VERDICT_REQUIRED)).toBeVisible();
  await verdict.pressSequentially(VERDICT);
  await expect(fieldMessage(dialog, VERDICT_REQUIRED)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(experiments.row(EXPERIMENT.title).getByRole('cell', { name: 'Killed' })).toBeVisible();

  await gotoHydrated(page, '/');
  const arenaCard = card(page, 'AI Arena', EXPERIMENT.title);
  await arenaCard.scrollIntoViewIfNeeded();
  await expectKilled(page, arenaCard);
  // The other experiments run on, unmarked.
  await expect(card(page, 'AI Arena', 'Solo App Builds').getByText('Killed', { exact: true })).toHaveCount(0);
  await axe();

  await arenaCard.getByRole('link', { name: EXPERIMENT.title, exact: true }).click();
  await expect(page).toHaveURL(/\/lab\/sponsored-newsletter$/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(EXPERIMENT.title);
  await expect(page).toHaveTitle(`${EXPERIMENT.title} · AI Arena · Solo Unicorn`);
  const article = page.getByRole('article');
  await expectKilled(page, article);
  await expect(article.getByText(EXPERIMENT.description, { exact: true })).toBeVisible();
  await expect(article.getByRole('heading', { level: 2, name: 'What we tried' })).toBeVisible();
  await expect(article.locator('strong', { hasText: 'two sponsors' })).toBeVisible();
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/lab\/sponsored-newsletter\/og\.png$/,
  );
  await axe();

  await page.getByRole('link', { name: 'All experiments' }).click();
  await expect(page).toHaveURL(/\/#lab$/);
});

test.describe('an unknown experiment', () => {
  // The page's own 404 is what this test is about.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/] });

  test('is the not-found page, with a 404', async ({ page }) => {
    const response = await page.goto('/lab/no-such-experiment');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  });
});
