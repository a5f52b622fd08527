import { expect, test } from './admin-server';
import { openAdminTab } from './admin-tabs';
import { createExperiment, createMilestone } from './support';

// docs/decisions/060-admin-onboarding-and-honest-dates.md: after a delete by keyboard the focus goes
// to the next row's Delete, else the previous row's, else the tab's add button, so the keyboard user
// carries on from where the row was.

const milestone = (title: string, day: number) => ({
  title,
  description: `Milestone ${title}, for the focus test`,
  date: `2024-01-0${day}`,
  day,
  isRevenue: 0 as const,
});

test('deleting rows by keyboard keeps the focus on the next action', async ({ adminPage: page, api }) => {
  for (const [title, day] of [
    ['Alpha', 1],
    ['Bravo', 2],
    ['Charlie', 3],
  ] as const)
    await createMilestone(api, milestone(title, day));
  const tab = await openAdminTab(page, 'milestones');
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  const removeBy = async (label: string) => {
    await tab.remove(label).focus();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(tab.remove(label)).toHaveCount(0);
  };
  await expect(tab.rows).toHaveCount(3);
  // The rows' labels in the order shown ('Alpha (day 1)', …), whatever the table's default sort.
  const [first, middle, last] = await tab.rows.evaluateAll((rows) =>
    rows.map((row) =>
      (row.querySelector('[aria-label^="Delete milestone "]')?.getAttribute('aria-label') ?? '').slice(
        'Delete milestone '.length,
      ),
    ),
  );
  if (!first || !middle || !last) throw new Error('three rows with a Delete each');

  await removeBy(middle);
  await expect(tab.remove(last), 'the next row').toBeFocused();
  await removeBy(last);
  await expect(tab.remove(first), 'the last row went: the previous one').toBeFocused();
  await removeBy(first);
  await expect(
    tab.panel.getByRole('button', { name: 'Add New Milestone', exact: true }),
    'no row left: the add button',
  ).toBeFocused();
});

test.describe('a failed delete', () => {
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 500/] });

  test('leaves the focus on the row it was meant for', async ({ adminPage: page, api }) => {
    await createExperiment(api, {
      title: 'Stays put',
      description: 'An experiment the server refuses to delete',
      status: 'Active',
      projectCount: 1,
    });
    const tab = await openAdminTab(page, 'experiments');
    await page.route('**/api/trpc/experiments.delete**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"message":"boom"}}' }),
    );
    await tab.remove('Stays put').focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(tab.remove('Stays put')).toBeFocused();
  });
});
