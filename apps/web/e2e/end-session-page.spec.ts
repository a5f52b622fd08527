import { expect, test } from './fixtures';
import { onEachScreen } from './screens';

/*
 * The page behind a security notice's "end that session" link (docs/decisions/089-security-mail.md).
 * The notices themselves go out over SMTP only, which the browser servers lack; the link's real token
 * is tested end to end in apps/api/test/security-mail.test.ts. Here: what the owner sees, that opening
 * the page does nothing by itself, and the answer to a link that no longer works.
 */
test.describe('end a session from a notice', () => {
  test.use({
    allowedConsoleErrors: [
      /^Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/,
    ],
  });

  test('the page asks before it ends anything, and says when the link is not valid', async ({
    page,
    axe,
  }) => {
    await page.goto('/account/end-session?token=v1%3Aexpired%3Aabc%3Adef%3Aghi');
    await expect(page).toHaveTitle('End a session · Solo Unicorn');
    await expect(page.getByRole('heading', { level: 1, name: 'End a session' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const button = page.getByRole('button', { name: 'End that session' });
    await expect(button).toBeEnabled();
    await axe();
    if (test.info().project.name === 'desktop') {
      await onEachScreen(page, async (screen) => {
        await page.screenshot({ path: test.info().outputPath(`end-session-${screen}.png`) });
      });
    }

    await button.click();
    await expect(page.getByRole('alert')).toHaveText(
      'This link has expired or is not valid. Sign in and end the session from the Account tab.',
    );
    await axe();
  });

  test('a link cut short says so', async ({ page }) => {
    await page.goto('/account/end-session');
    await expect(
      page.getByText('This link is incomplete: open it from the email again, or copy the whole address.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'End that session' })).toHaveCount(0);
  });
});
