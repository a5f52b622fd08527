import { ADMIN, expect, test } from './fixtures';
import { gotoHydrated, toasts, uniqueTag } from './support';

// At most one toast shows, and a newer one replaces it at once rather than waiting out its 5 s.

// The failed login is a 401, which Chromium reports on the console.
test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\)/] });

test('a good login right after a failed one shows Login successful at once, without the stale failure', async ({
  page,
  mainServer: _mainServer, // the admin account exists (registered with the server)
}, testInfo) => {
  // A click before hydration would submit the form natively and show no toast.
  await gotoHydrated(page, '/auth');
  const panel = page.getByRole('tabpanel', { name: 'Login' });
  const username = panel.getByRole('textbox', { name: 'Username', exact: true });
  const password = panel.getByRole('textbox', { name: 'Password', exact: true });
  const submit = panel.getByRole('button', { name: 'Login', exact: true });

  await username.fill(`nobody-${uniqueTag(testInfo.project.name)}`);
  await password.fill('wrong-password');
  await submit.click();
  const failed = toasts(page).filter({ hasText: 'Login failed' });
  await expect(failed).toBeVisible();

  await username.fill(ADMIN.username);
  await password.fill(ADMIN.password);
  await submit.click();
  await expect(page).toHaveURL(/\/admin$/);
  // Well under the failed toast's 5 s: the success replaces it rather than queueing behind it.
  const succeeded = toasts(page).filter({ hasText: 'Login successful' });
  await expect(succeeded).toBeVisible({ timeout: 1_500 });
  await expect(failed).toHaveCount(0, { timeout: 1_000 });
  await expect(toasts(page)).toHaveCount(1);
});
