import { expect, test } from './fixtures';

test.describe('unknown page', () => {
  // The document itself answers 404, which Chromium reports on the console; nothing else may.
  test.use({
    allowedConsoleErrors: [
      /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
    ],
  });

  test('answers 404 and shows the not-found page', async ({ page, axe }) => {
    const response = await page.goto('/does-not-exist');
    expect(response, 'the navigation has a response').not.toBeNull();
    expect(response!.status()).toBe(404);
    expect(response!.headers()['content-type']).toContain('text/html');

    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page).toHaveURL(/\/does-not-exist$/);

    await axe();
  });

  test('a nested unknown path answers 404 too, already in the server HTML', async ({ request }) => {
    const response = await request.get('/no/such/page');

    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
    expect(html).toContain('Did you forget to add the page to the router?');
  });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test('shows the not-found page', async ({ page }) => {
      const response = await page.goto('/does-not-exist');
      expect(response!.status()).toBe(404);

      await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
      await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    });
  });
});
