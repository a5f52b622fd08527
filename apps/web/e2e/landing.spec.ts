import { expect, test } from './fixtures';

test.describe('landing page', () => {
  test('shows the headline with the product name', async ({ page, axe }) => {
    const response = await page.goto('/');
    expect(response, 'the navigation has a response').not.toBeNull();
    expect(response!.status()).toBe(200);

    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'This is the moment I decided to become the first solo AI-powered Unicorn.',
      }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(/\S/);

    await axe();
  });
});
