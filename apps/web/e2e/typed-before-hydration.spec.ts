import type { Page } from '@playwright/test';
import { ADMIN, expect, gotoBeforeHydration, test } from './fixtures';

/*
 * A form the server renders keeps what was typed into it before the page's script ran
 * (docs/decisions/063-one-render-path-and-hydration.md): the entry chunk is held back, the reader types
 * into the server's HTML key by key, and the script is then let through.
 */

/** Holds every request for the entry chunk until the returned function is called. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('typing before the page has hydrated', () => {
  test('the sign-in form keeps what was typed and signs in', async ({ page }) => {
    const release = await holdEntryScript(page);
    await gotoBeforeHydration(page, '/auth');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '');

    const username = page.getByRole('textbox', { name: 'Username' });
    const password = page.getByRole('textbox', { name: 'Password' });
    await username.pressSequentially(ADMIN.username);
    await password.pressSequentially(ADMIN.password);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '');

    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(username).toHaveValue(ADMIN.username);
    await expect(password).toHaveValue(ADMIN.password);

    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByText('Username must be at least 3 characters')).toHaveCount(0);
  });

  test('a sign-in submitted before the script ran is sent once the page has hydrated', async ({ page }) => {
    const release = await holdEntryScript(page);
    await gotoBeforeHydration(page, '/auth');

    await page.getByRole('textbox', { name: 'Username' }).pressSequentially(ADMIN.username);
    const password = page.getByRole('textbox', { name: 'Password' });
    await password.pressSequentially(ADMIN.password);
    // React's form replay holds the submit until the form's action exists (decision 063).
    await password.press('Enter');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '');
    await expect(page).toHaveURL(/\/auth$/);

    release();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  });
});
