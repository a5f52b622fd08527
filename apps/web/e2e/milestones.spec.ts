import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  createRevenueAndAchievement,
  deleteMilestonesMarked,
  holdRequests,
  section,
  toasts,
  uniqueTag,
} from './support';

/** Every milestone a test here creates has a title starting with this. */
const MARK = 'e2e';

/** Mantine green.9 and blue.9: revenue milestones and achievements. */
const GREEN = 'rgb(30, 122, 51)';
const BLUE = 'rgb(24, 100, 171)';

/** The timeline card (article) whose h3 is `title`. */
const card = (page: Page, title: string) =>
  section(page, 'Journey Milestones')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

test.describe('milestones', () => {
  test.afterEach(async ({ adminRequest }) => deleteMilestonesMarked(adminRequest, MARK));

  test('revenue milestones show in green with their amount, achievements in blue', async ({
    page,
    adminRequest,
  }, testInfo) => {
    const { revenue, achievement } = await createRevenueAndAchievement(
      adminRequest,
      MARK,
      uniqueTag(testInfo.project.name),
    );

    await page.goto('/');
    const milestones = section(page, 'Journey Milestones');
    await expect(milestones).toHaveAttribute('id', 'milestones');
    await expect(milestones.getByRole('heading', { level: 2 })).toHaveText('Journey Milestones');
    await expect(milestones.getByRole('heading', { name: 'No milestones yet' })).toHaveCount(0);
    // The server renders the data: no loading placeholders.
    await expect(page.getByTestId('milestone-skeleton')).toHaveCount(0);

    const revenueCard = card(page, revenue.title);
    await expect(revenueCard).toBeVisible();
    await expect(revenueCard.getByText('Day 42', { exact: true })).toBeVisible();
    await expect(revenueCard.getByText('$10,000.00', { exact: true })).toBeVisible();
    await expect(revenueCard.getByText(revenue.description, { exact: true })).toBeVisible();
    await expect(revenueCard.getByText('Mar 15, 2024', { exact: true })).toBeVisible();
    await expect(revenueCard.getByRole('heading', { level: 3 })).toHaveCSS('color', GREEN);

    const achievementCard = card(page, achievement.title);
    await expect(achievementCard).toBeVisible();
    await expect(achievementCard.getByText('Day 7', { exact: true })).toBeVisible();
    await expect(achievementCard.getByText(achievement.description, { exact: true })).toBeVisible();
    await expect(achievementCard.getByText('Feb 1, 2024', { exact: true })).toBeVisible();
    await expect(achievementCard.getByText(/^\$/)).toHaveCount(0);
    await expect(achievementCard.getByRole('heading', { level: 3 })).toHaveCSS('color', BLUE);
  });

  test('five skeletons show while the milestones load in the browser', async ({ page }) => {
    // /auth is rendered without the landing page's data: going back to / loads it in the browser.
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
    const gate = await holdRequests(page, /\/api\/trpc\/[^?]*milestones\.list/);

    await page
      .getByRole('complementary', { name: 'About the admin panel' })
      .getByRole('link', { name: 'Solo Unicorn', exact: true })
      .click();
    await gate.requested;

    const milestones = section(page, 'Journey Milestones');
    await expect(milestones.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(page.getByTestId('milestone-skeleton')).toHaveCount(5);
    await expect(milestones.getByLabel('Loading milestones')).toHaveAttribute('aria-busy', 'true');

    gate.release();
    await expect(page.getByTestId('milestone-skeleton')).toHaveCount(0);
    await expect(milestones.getByLabel('Loading milestones')).toHaveCount(0);
  });

  test('a signed-in user adds a milestone through the dialog', async ({ admin: { page } }, testInfo) => {
    const title = `${MARK} Dialog ${uniqueTag(testInfo.project.name)}`;
    await page.goto('/');

    await page.getByRole('button', { name: 'Add New Milestone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Milestone' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Description' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Date' })).toHaveValue(
      new Date().toISOString().slice(0, 10),
    );
    await expect(dialog.getByRole('textbox', { name: 'Day' })).not.toHaveValue('');
    await dialog.getByRole('textbox', { name: 'Day' }).clear();

    // Type: Milestone by default, and no amount.
    const type = dialog.getByRole('radiogroup', { name: 'Type' });
    await expect(type.getByRole('radio', { name: 'Milestone' })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'Revenue Amount' })).toHaveCount(0);

    await save.click();
    await expect(dialog.getByText('Title must be at least 2 characters.', { exact: true })).toBeVisible();
    await expect(
      dialog.getByText('Description must be at least 10 characters.', { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByText('Day count is required.', { exact: true })).toBeVisible();

    // Revenue shows the amount field; Milestone hides it again.
    await type.getByText('Revenue', { exact: true }).click();
    await expect(type.getByRole('radio', { name: 'Revenue' })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'Revenue Amount' })).toBeVisible();
    await type.getByText('Milestone', { exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'Revenue Amount' })).toHaveCount(0);
    await type.getByText('Revenue', { exact: true }).click();

    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Crossed twenty-five thousand dollars.');
    await dialog.getByRole('textbox', { name: 'Day' }).fill('120');
    await dialog.getByRole('textbox', { name: 'Revenue Amount' }).fill('25000');

    const gate = await holdRequests(page, /\/api\/trpc\/[^?]*milestones\.create/);
    await save.click();
    await gate.requested;
    await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    gate.release();

    await expect(toasts(page).filter({ hasText: 'Milestone added' })).toBeVisible();
    await expect(dialog).toBeHidden();
    const added = card(page, title);
    await expect(added).toBeVisible();
    await expect(added.getByText('Day 120', { exact: true })).toBeVisible();
    await expect(added.getByText('$25,000.00', { exact: true })).toBeVisible();
    await expect(added.getByRole('heading', { level: 3 })).toHaveCSS('color', GREEN);
  });
});
