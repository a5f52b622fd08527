import { expect, test } from './fixtures';

test.describe('/auth', () => {
  test('shows the Admin Access card', async ({ page, axe }) => {
    const response = await page.goto('/auth');
    expect(response, 'the navigation has a response').not.toBeNull();
    expect(response!.status()).toBe(200);

    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await axe();
  });

  test('sends a signed-in user to /admin', async ({ admin: { page, username } }) => {
    await page.goto('/auth');

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();
  });
});
