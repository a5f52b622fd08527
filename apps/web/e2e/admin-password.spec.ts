import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { tabOf } from './admin-tabs';
import { providePrivateServer, signedInRequest, type PrivateServer } from './private-server';
import { ADMIN, expect, test as base, watchBrowserErrors } from './fixtures';
import { expectToast, formIn, requestsTo, stillness, submitAndSeePending, toasts } from './support';

/*
 * Changing the password ends every session of the account, so no test here may touch a server
 * another spec signs in to: each test starts its own (private-server.ts), on a new database with the
 * `founder` admin registered, and so also has the login limits to itself.
 */

const NEW_PASSWORD = 'e2e-founder-password-2';
const CHANGE_CALL = /\/api\/trpc\/[^?]*auth\.changePassword/;

/** What Chromium logs when the server answers a call with `status` ('400 (Bad Request)'). */
const refused = (status: string) =>
  new RegExp(
    `^Failed to load resource: the server responded with a status of ${status.replace(/[()]/g, '\\$&')}$`,
  );

const test = base.extend<{ server: PrivateServer; adminPage: Page }>({
  server: [({ playwright }, use) => providePrivateServer(playwright, use), { timeout: 60_000 }],
  baseURL: async ({ server }, use) => use(server.baseURL),
  adminPage: async ({ context, page, server }, use) => {
    await context.addCookies(server.cookies);
    await use(page);
  },
});

async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}

/** The header's 'Change password': text and icon on desktop, the icon alone (same name) on phones. */
const opener = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Change password', exact: true });

function passwordDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Change password', exact: true });
  const labels = { current: 'Current password', next: 'New password', confirm: 'Confirm new password' };
  return {
    dialog,
    ...formIn(dialog, labels, 'Change password'),
    cancel: dialog.getByRole('button', { name: 'Cancel', exact: true }),
  };
}

/** Waits for the dialog's form (fetched on first open) and for the dialog to stand still. */
async function formShown(page: Page) {
  const form = passwordDialog(page);
  await expect(form.submit).toBeVisible();
  await stillness(form.dialog);
  return form;
}

async function fill(
  form: ReturnType<typeof passwordDialog>,
  values: { current: string; next: string; confirm: string },
) {
  await form.current.fill(values.current);
  await form.next.fill(values.next);
  await form.confirm.fill(values.confirm);
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** Signs in through the /auth form's Login tab. */
async function signIn(page: Page, password: string) {
  await gotoHydrated(page, '/auth');
  const panel = page.getByRole('tabpanel', { name: 'Login', exact: true });
  await panel.getByRole('textbox', { name: 'Username', exact: true }).fill(ADMIN.username);
  await panel.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Login', exact: true }).click();
}

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'journey_session')?.value;

const userStatus = async (request: APIRequestContext) => (await request.get('/api/user')).status();

const fieldMessage = (dialog: Locator, text: string) => dialog.getByText(text, { exact: true });

test.describe('changing the password', () => {
  test.describe('the dialog', () => {
    // The wrong current password is a 400, which Chromium reports on the console.
    test.use({ allowedConsoleErrors: [refused('400 (Bad Request)')] });

    test('opens from the keyboard, checks its fields, shows the server answer under its field and is accessible', async ({
      adminPage: page,
      axe,
      isMobile,
    }) => {
      await gotoHydrated(page, '/admin');
      const button = opener(page);
      // Phones get the icon alone, so the header keeps to one row.
      await expect(button).toHaveText(isMobile ? '' : 'Change password');
      await button.focus();
      await page.keyboard.press('Enter');
      let form = await formShown(page);
      await expect(form.current).toHaveAttribute('autocomplete', 'current-password');
      await expect(form.next).toHaveAttribute('autocomplete', 'new-password');
      await expect(form.confirm).toHaveAttribute('autocomplete', 'new-password');
      await expect(form.current).toBeFocused();
      await screenshot(page, 'dialog-empty');
      await axe();

      // Empty: the schema's messages, each under its field, and nothing is sent.
      const sent = requestsTo(page, CHANGE_CALL);
      await form.submit.click();
      await expect(form.current).toHaveAccessibleDescription('Current password is required');
      await expect(form.next).toHaveAccessibleDescription('Password must be at least 6 characters');
      await expect(form.confirm).not.toHaveAccessibleDescription(/./);
      await screenshot(page, 'dialog-errors');
      await axe();

      // Mismatched new passwords: refused before sending.
      await fill(form, { current: ADMIN.password, next: NEW_PASSWORD, confirm: `${NEW_PASSWORD}x` });
      await form.submit.click();
      await expect(form.confirm).toHaveAccessibleDescription('Passwords do not match');
      await expect(fieldMessage(form.dialog, 'Current password is required')).toBeHidden();
      expect(sent, 'an invalid form sends nothing').toEqual([]);

      // A wrong current password: the server's message under that field, no toast, nothing changed.
      await fill(form, { current: 'not-the-password', next: NEW_PASSWORD, confirm: NEW_PASSWORD });
      await form.submit.click();
      await expect(form.current).toHaveAccessibleDescription('Current password is incorrect');
      await expect(fieldMessage(form.dialog, 'Current password is incorrect')).toBeVisible();
      await expect(form.submit).toBeEnabled();
      expect(sent).toHaveLength(1);
      await expect(toasts(page)).toHaveCount(0);
      await screenshot(page, 'dialog-server-error');
      await axe();

      // Cancel closes it, focus goes back to the opener, and the next opening starts empty.
      await form.cancel.click();
      await expect(form.dialog).toBeHidden();
      await expect(button).toBeFocused();
      await button.click();
      form = await formShown(page);
      await expect(form.current).toHaveValue('');
      await expect(form.current).not.toHaveAccessibleDescription(/./);
      await page.keyboard.press('Escape');
      await expect(form.dialog).toBeHidden();

      // The refused attempt signed nobody out.
      expect(await userStatus(page.request)).toBe(200);
    });
  });

  test('signs out every other session, keeps this one, and only the new password signs in', async ({
    adminPage: page,
    browser,
    playwright,
    server,
  }) => {
    // A second browser, signed in through the login form. Its failed login below is a 401.
    const other = await browser.newContext({ baseURL: server.baseURL });
    const otherProblems = watchBrowserErrors(other, [refused('401 (Unauthorized)')]);
    const otherPage = await other.newPage();
    await signIn(otherPage, ADMIN.password);
    await expect(otherPage).toHaveURL(/\/admin$/);
    expect(await userStatus(other.request)).toBe(200);

    await gotoHydrated(page, '/admin');
    const cookieBefore = await sessionCookie(page.context());
    await opener(page).click();
    const form = await formShown(page);
    await fill(form, { current: ADMIN.password, next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    const pending = form.dialog.getByRole('button', { name: 'Saving...', exact: true });
    await submitAndSeePending(form.submit, CHANGE_CALL, pending);

    await expectToast(page, 'Password changed', 'Other sessions have been signed out.');
    await expect(form.dialog).toBeHidden();

    // This browser got a new session and stays signed in, after a reload too.
    const cookieAfter = await sessionCookie(page.context());
    expect(cookieAfter, 'the session cookie was rotated').toBeTruthy();
    expect(cookieAfter).not.toBe(cookieBefore);
    await expect(page).toHaveURL(/\/admin$/);
    await page.reload();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(`Welcome, ${ADMIN.username}`, { exact: true })).toBeVisible();
    await expect(tabOf(page, 'milestones').rowCount).toHaveText('0 rows');
    expect(await userStatus(page.request)).toBe(200);

    // Every other session is gone: the one this browser had before, and the other browser's.
    const before = await signedInRequest(playwright, server);
    expect(await userStatus(before), 'the replaced session of this browser').toBe(401);
    await before.dispose();
    expect(await userStatus(other.request), "the other browser's session").toBe(401);
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/auth$/);

    // The old password no longer signs in; the new one does.
    await signIn(otherPage, ADMIN.password);
    await expectToast(otherPage, 'Login failed', 'Invalid username or password');
    await expect(otherPage).toHaveURL(/\/auth$/);

    await signIn(otherPage, NEW_PASSWORD);
    await expect(otherPage).toHaveURL(/\/admin$/);
    await expect(otherPage.getByText(`Welcome, ${ADMIN.username}`, { exact: true })).toBeVisible();
    expect(await userStatus(other.request)).toBe(200);

    await other.close();
    expect(otherProblems, "unexpected errors in the other browser's console").toEqual([]);
  });
});
