import { expect, test } from './fixtures';

test.describe('/admin guard', () => {
  test('sends an anonymous visitor to /auth', async ({ page }) => {
    await page.goto('/admin');

    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
  });

  test('the server answers an anonymous /admin with a redirect to /auth', async ({ request }) => {
    const response = await request.get('/admin', { maxRedirects: 0 });

    expect(response.status()).toBe(302);
    expect(response.headers()['location']).toBe('/auth');
  });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test('an anonymous visitor still lands on /auth', async ({ page }) => {
      await page.goto('/admin');

      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
    });
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
