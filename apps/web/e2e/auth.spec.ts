import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures';
import {
  expectToast,
  formIn,
  gotoHydrated,
  PRODUCT,
  requestsTo,
  submitAndSeePending,
  toasts,
  uniqueTag,
} from './support';

const LOGIN_CALL = /\/api\/trpc\/[^?]*auth\.login/;

function loginForm(page: Page) {
  const panel = page.getByRole('tabpanel', { name: 'Login' });
  return { panel, ...formIn(panel, { username: 'Username', password: 'Password' }, 'Login') };
}

/** The login form's messages for a too short username and password: shown, or hidden. */
async function expectLengthMessages(form: ReturnType<typeof loginForm>, shown: boolean) {
  for (const text of ['Username must be at least 3 characters', 'Password must be at least 6 characters']) {
    const message = form.panel.getByText(text, { exact: true });
    await (shown ? expect(message).toBeVisible() : expect(message).toBeHidden());
  }
}

test.describe('/auth', () => {
  test('shows the Admin Access card', async ({ page, axe }) => {
    const response = await gotoHydrated(page, '/auth');
    expect(response, 'the navigation has a response').not.toBeNull();
    expect(response!.status()).toBe(200);

    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await axe();
  });

  test('sends a signed-in user to /admin', async ({ admin: { page, username } }) => {
    await gotoHydrated(page, '/auth');

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();
  });

  test('the server answers a signed-in user with a redirect to /admin', async ({ adminRequest }) => {
    const response = await adminRequest.get('/auth', { maxRedirects: 0 });

    expect(response.status()).toBe(302);
    expect(response.headers()['location']).toBe('/admin');
  });

  test('has the marketing panel and the Login and Register tabs', async ({ page }) => {
    await gotoHydrated(page, '/auth');

    const aside = page.getByRole('complementary', { name: 'About the admin panel' });
    await expect(aside).toBeVisible();
    await expect(aside.getByRole('link', { name: `Solo ${PRODUCT}`, exact: true })).toHaveAttribute(
      'href',
      '/',
    );
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Admin Access', exact: true })).toBeVisible();
    for (const [name, selected] of [
      ['Login', 'true'],
      ['Register', 'false'],
    ] as const) {
      await expect(main.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', selected);
    }

    const form = loginForm(page);
    await expect(form.username).toBeVisible();
    await expect(form.password).toHaveAttribute('type', 'password');
    await expect(form.submit).toBeEnabled();
  });

  test('login checks the fields before calling the server', async ({ page }) => {
    const calls = requestsTo(page, LOGIN_CALL);
    await gotoHydrated(page, '/auth');
    const form = loginForm(page);

    await form.submit.click();
    await expectLengthMessages(form, true);

    await form.username.fill('ab');
    await form.password.fill('12345');
    await form.submit.click();
    await expectLengthMessages(form, true);

    await form.username.fill('abc');
    await form.password.fill('123456');
    await expectLengthMessages(form, false);
    expect(calls, 'no login call for invalid fields').toEqual([]);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test.describe('a failed login', () => {
    // The server answers 401, which Chromium reports on the console; nothing else may.
    test.use({
      allowedConsoleErrors: [
        /^Failed to load resource: the server responded with a status of 401 \(Unauthorized\)$/,
      ],
    });

    test('shows the Login failed toast, one toast at a time', async ({ page, axe }, testInfo) => {
      await gotoHydrated(page, '/auth');
      const form = loginForm(page);

      // An unknown user: the same answer as a wrong password (docs/decisions/013-sessions-and-login-limits.md).
      await form.username.fill(`nobody-${uniqueTag(testInfo.project.name)}`);
      await form.password.fill('wrong-password');
      await form.submit.click();

      const toast = await expectToast(page, 'Login failed', 'Invalid username or password');
      await expect(page).toHaveURL(/\/auth$/);

      // A second failure while the first toast shows: still one toast on screen.
      const second = page.waitForResponse(LOGIN_CALL);
      await form.submit.click();
      await second;
      await expect(form.submit).toBeEnabled();
      await page.waitForTimeout(500);
      expect(await toasts(page).count(), 'at most one toast on screen').toBe(1);
      await expect(toast).toBeVisible();
      // The page with its toast stays accessible.
      await axe();
    });
  });

  test('a successful login shows Logging in..., the welcome toast, then /admin', async ({
    page,
    mainServer: _mainServer, // the admin account exists (registered with the server)
  }) => {
    await gotoHydrated(page, '/auth');
    const form = loginForm(page);
    await form.username.fill(ADMIN.username);
    await form.password.fill(ADMIN.password);

    const pending = form.panel.getByRole('button', { name: 'Logging in...', exact: true });
    await submitAndSeePending(form.submit, LOGIN_CALL, pending);

    await expectToast(page, 'Login successful', `Welcome to the ${PRODUCT} admin panel!`);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByText(`Welcome, ${ADMIN.username}`)).toBeVisible();
  });

  test('the Register tab says registration is closed once the admin exists', async ({
    page,
    request,
    mainServer: _mainServer, // the admin account exists (registered with the server)
    axe,
  }) => {
    await gotoHydrated(page, '/auth');
    await page.getByRole('tab', { name: 'Register', exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: 'Register' });

    await expect(panel.getByRole('alert').filter({ hasText: 'Registration is closed' })).toBeVisible();
    for (const field of ['Username', 'Email', 'Password', 'Confirm Password']) {
      await expect(panel.getByRole('textbox', { name: field, exact: true }), field).toBeDisabled();
    }
    await expect(panel.getByRole('button', { name: 'Create Account', exact: true })).toBeDisabled();
    await axe();

    const response = await request.post('/api/register', {
      data: { username: 'latecomer', email: 'latecomer@example.com', password: 'latecomer-password' },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual(expect.objectContaining({ message: 'Registration is closed' }));
  });
});
