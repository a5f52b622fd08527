import { expect, test } from './fixtures';

// The feeds, the badge and the open data, linked from the footer of every page.

const LINKS = [
  { name: 'RSS feed', type: 'application/rss+xml' },
  { name: 'Atom feed', type: 'application/atom+xml' },
  { name: 'Newsletter archive', type: 'text/html' },
  { name: 'Newsletter feed', type: 'application/rss+xml' },
  { name: 'Progress badge', type: 'image/svg+xml' },
  { name: 'Open data (JSON)', type: 'application/json' },
  { name: 'Open data (CSV)', type: 'text/csv' },
  { name: 'Public ledger', type: 'text/html' },
  { name: 'Ledger (JSON)', type: 'application/json' },
  { name: 'Ledger (CSV)', type: 'text/csv' },
] as const;

test.describe('footer: feeds, badge and open data', () => {
  // The not-found page's document answers 404, which Chromium reports on the console.
  test.use({
    allowedConsoleErrors: [
      /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
    ],
  });

  for (const path of ['/', '/no-such-page']) {
    test(`${path} links each from its footer, and each answers 200 with its type`, async ({
      page,
      request,
    }) => {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      const group = footer.getByRole('navigation', { name: 'Follow and reuse', exact: true });
      await expect(group).toBeVisible();
      for (const { name, type } of LINKS) {
        const link = group.getByRole('link', { name, exact: true });
        await link.scrollIntoViewIfNeeded();
        await expect(link).toBeVisible();
        await expect(link).toBeInViewport();
        const href = await link.getAttribute('href');
        expect(href, `${name} has an address`).toMatch(/^\//);
        const response = await request.get(href!);
        expect(response.status(), `${name} (${href})`).toBe(200);
        expect(response.headers()['content-type'], `${name} (${href})`).toContain(type);
      }
    });
  }

  test('following the RSS link opens the feed', async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'RSS feed', exact: true });
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/feed.xml')),
      link.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/rss+xml');
  });
});
