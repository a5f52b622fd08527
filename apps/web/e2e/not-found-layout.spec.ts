import { expect, test } from './fixtures';
import { HEADLINE, PRODUCT } from './support';

// The not-found page sits inside the site's layout: header (brand, navigation, scheme toggle) and footer.

test.describe('not-found page layout', () => {
  test.use({
    allowedConsoleErrors: [
      /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
    ],
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`has the header, the scheme toggle and the footer around the spec's text (${scheme})`, async ({
      page,
      axe,
      isMobile,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const response = await page.goto('/no-such-page');
      expect(response!.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');

      const main = page.getByRole('main');
      await expect(
        main.getByRole('heading', { level: 1, name: '404 Page Not Found', exact: true }),
      ).toBeVisible();
      await expect(
        main.getByText('Did you forget to add the page to the router?', { exact: true }),
      ).toBeVisible();

      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: `Solo ${PRODUCT}`, exact: true })).toHaveAttribute(
        'href',
        '/',
      );
      // The site's navigation: in the header on wide screens, behind the menu button on phones.
      if (isMobile) await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
      else await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(6);
      const toggle = header.getByRole('button', { name: 'Dark mode' });
      await expect(toggle).toHaveAttribute('aria-pressed', String(scheme === 'dark'));
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
      ).toBe(false);

      await axe();

      // The toggle works here too.
      await toggle.click();
      const other = scheme === 'dark' ? 'light' : 'dark';
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', other);
      await axe();
    });
  }

  test("the header's navigation leads back to the site's sections", async ({ page, isMobile }) => {
    await page.goto('/no-such-page');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    let nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    if (isMobile) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      nav = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Main' });
    }
    await nav.getByRole('link', { name: 'Milestones', exact: true }).click();
    await expect(page).toHaveURL(/\/#milestones$/);
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeAttached();
    await expect(page.getByRole('heading', { level: 2, name: 'Journey Milestones' })).toBeInViewport();
  });

  test('the brand leads home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await page
      .getByRole('banner')
      .getByRole('link', { name: `Solo ${PRODUCT}`, exact: true })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
  });
});
