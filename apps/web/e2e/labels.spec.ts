import { expect, test } from './fixtures';
import { expectClickGoesNowhere, expectPlaceholder, section } from './support';

// Placeholder links carry the spec's label as their whole name; "coming soon" is their description:
// expectPlaceholder checks the link's visible text, its accessible name and its description, as a
// user and a screen reader get them.

test.describe('placeholder link labels', () => {
  test('the footer legal links are named exactly as the spec says, and say "coming soon" as a description', async ({
    page,
    axe,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
    for (const label of ['Privacy Policy', 'Terms of Service', 'Cookie Settings']) {
      await expectPlaceholder(legal.getByRole('link', { name: label, exact: true }), label);
    }

    await expectClickGoesNowhere(legal.getByRole('link', { name: 'Privacy Policy', exact: true }));
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await axe();
  });

  test("the AI Arena's 'Get Started' is named exactly so, with the note as its description", async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const lab = section(page, 'AI Arena');
    const getStarted = lab.getByRole('link', { name: 'Get Started', exact: true });
    await expectPlaceholder(getStarted, 'Get Started');
    await expectClickGoesNowhere(getStarted);
  });

  test('the other placeholders (contact channels, social icons) follow the same rule', async ({ page }) => {
    await page.goto('/');
    const contact = section(page, 'Join The Journey');
    for (const label of ['Write to me', 'Follow along', 'Listen in']) {
      await expectPlaceholder(contact.getByRole('link', { name: label, exact: true }), label);
    }
    const social = page.getByRole('contentinfo').getByRole('list', { name: 'Social media' });
    for (const network of ['Twitter', 'GitHub', 'LinkedIn', 'YouTube']) {
      await expectPlaceholder(social.getByRole('link', { name: network, exact: true }));
    }
  });
});
