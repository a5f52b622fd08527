import { ADMIN } from '@journey/testing';
import { expect, test } from './fixtures';
import { startAdminServer, type PrivateServer } from './private-server';
import { gotoHydrated, toasts } from './support';

// docs/decisions/060-admin-onboarding-and-honest-dates.md: on a new database the admin is shown
// where to start; each step ticks itself from the server's data, and the card goes once all are done.
// A server of its own, since the steps add revenue and change the settings.

let server: PrivateServer;
test.beforeAll(async ({ playwright }) => {
  server = await startAdminServer(playwright);
});
test.afterAll(() => server?.stop());
const at = (path: string) => `${server.baseURL}${path}`;
test.setTimeout(120_000);

const STEPS = [
  'Set the day your journey started',
  'Name your site',
  'Add a contact address or a link',
  'Log your first revenue, or import it',
  'Show your own figures on the stat cards',
] as const;

test('the first login shows the setup checklist; each step ticks as it is done, then the card goes', async ({
  page,
  axe,
}) => {
  // The first login, through the form.
  await gotoHydrated(page, at('/auth'));
  await page.getByRole('textbox', { name: 'Username' }).pressSequentially(ADMIN.username);
  await page.getByRole('textbox', { name: 'Password' }).pressSequentially(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const card = page.getByRole('region', { name: 'Get started' });
  await expect(card).toBeVisible();
  await expect(card.getByText('0 of 5 done.', { exact: false })).toBeVisible();
  for (const step of STEPS) await expect(card.getByRole('link', { name: step, exact: true })).toBeVisible();
  await axe();
  await page.emulateMedia({ colorScheme: 'dark' });
  await axe();
  await page.emulateMedia({ colorScheme: 'light' });

  const saveSettings = async () => {
    await page.getByRole('button', { name: 'Save settings', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'Settings saved' })).toBeVisible();
  };
  const isDone = (step: string) =>
    expect(card.getByRole('listitem').filter({ hasText: step })).toContainText('(done)');
  /** Follows a step's link, which focuses the settings field it asks for, fills that in and saves. */
  const doInSettings = async (step: string, field: string, value: string) => {
    await card.getByRole('link', { name: step, exact: true }).click();
    const input = page.getByRole('textbox', { name: field });
    await expect(input).toBeFocused();
    await input.clear();
    await input.pressSequentially(value);
    await saveSettings();
    await isDone(step);
  };

  // Each link opens the place where the step is done, its field focused.
  await doInSettings(STEPS[0], 'Journey start', '2025-03-01');
  await expect(card.getByText('1 of 5 done.', { exact: false })).toBeVisible();

  await doInSettings(STEPS[1], 'Site name', 'Ada Builds');
  await doInSettings(STEPS[2], 'Contact email', 'ada@example.com');

  await card.getByRole('link', { name: STEPS[3], exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Revenue', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('button', { name: 'Add New Revenue', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Revenue' });
  await dialog.getByRole('textbox', { name: 'Amount' }).pressSequentially('120');
  await dialog.getByRole('textbox', { name: 'Description' }).pressSequentially('First customer');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await isDone(STEPS[3]);
  await expect(card.getByText('4 of 5 done.', { exact: false })).toBeVisible();
  await axe();

  // The tracker's tagline claims no vanity metrics only once its cards are our own figures.
  const tagline = (page2: typeof page) => page2.getByText(/^Every dollar, logged in public\./);
  await gotoHydrated(page, at('/'));
  await expect(tagline(page)).toHaveText(
    'Every dollar, logged in public. The stat cards below show sample figures for now.',
  );
  await gotoHydrated(page, at('/admin'));

  await card.getByRole('link', { name: STEPS[4], exact: true }).click();
  const computed = page.getByRole('switch', { name: 'Computed stat cards' });
  await expect(computed).toBeFocused();
  await page.keyboard.press('Space');
  await saveSettings();
  await expect(card, 'every step done: the card goes').toBeHidden();
  await gotoHydrated(page, at('/'));
  await expect(tagline(page)).toHaveText(
    'Every dollar, logged in public. No vanity metrics, no rounding up.',
  );
  await gotoHydrated(page, at('/admin'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Data Management' })).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('the checklist can be dismissed, and stays dismissed', async ({ page }) => {
  await page.context().addCookies(server.cookies);
  // Undo the previous test's last step, so that one step is left to do.
  const settings = await (await page.request.get(at('/api/settings'))).json();
  const put = await page.request.put(at('/api/admin/settings'), {
    data: { ...settings, computedStats: false },
  });
  expect(put.status()).toBe(200);
  await gotoHydrated(page, at('/admin'));
  const card = page.getByRole('region', { name: 'Get started' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Dismiss the setup checklist' }).click();
  await expect(card).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Data Management' })).toBeVisible();
  await expect(card).toHaveCount(0);
});
