import { expect, test } from './fixtures';

test.describe('/admin guard', () => {
  test('sends an anonymous visitor to /auth', async ({ page }) => {
    await page.goto('/admin');

    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
  });

  test('shows the admin panel to a signed-in user', async ({ admin: { page, username }, axe }) => {
    const response = await page.goto('/admin');
    expect(response, 'the navigation has a response').not.toBeNull();
    expect(response!.status()).toBe(200);

    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();
    expect(username).toBe('founder');
    await expect(page).toHaveURL(/\/admin$/);

    await axe();
  });
});
