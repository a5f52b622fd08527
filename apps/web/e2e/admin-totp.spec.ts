import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { generate } from 'otplib';
import { providePrivateServer, signedInRequest, type PrivateServer } from './private-server';
import { ADMIN, expect, formatViolations, test as base, WCAG_TAGS, watchBrowserErrors } from './fixtures';
import { onEachScreen } from './screens';
import { expectToast, gotoHydrated, stillness } from './support';

/*
 * Two-factor authentication (docs/decisions/086-one-time-codes.md): set up in the Account tab with a
 * code computed here from the secret the dialog shows, then the sign-in's second step with a code from
 * the app and with a recovery code, and the requirement that refuses the password alone. A second
 * factor changes how the admin signs in, so each test has a server of its own (private-server.ts).
 */

const STEP_S = 30;

/** What Chromium logs when the server answers a call with `status` ('401 (Unauthorized)'). */
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

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * STEP_S });

function twoFactor(page: Page) {
  const section = page.getByRole('region', { name: 'Two-factor authentication', exact: true });
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication', exact: true });
  return {
    section,
    dialog,
    status: (label: string) => section.getByText(label, { exact: true }),
    setUp: section.getByRole('button', { name: 'Set up', exact: true }),
    turnOff: section.getByRole('button', { name: 'Turn off', exact: true }),
    requireSwitch: section.getByRole('switch', { name: 'Require a second factor for every sign-in' }),
    code: dialog.getByRole('textbox', { name: 'Code from the app' }),
    turnOn: dialog.getByRole('button', { name: 'Turn on', exact: true }),
    recoveryCodes: dialog.getByRole('list', { name: 'Recovery codes', exact: true }).getByRole('listitem'),
    offDialog: page.getByRole('dialog', { name: 'Turn off two-factor authentication?', exact: true }),
  };
}

async function openAccountTab(page: Page) {
  await gotoHydrated(page, '/admin?tab=account');
  const tab = twoFactor(page);
  await expect(tab.section.getByRole('heading', { name: 'Authenticator app' })).toBeVisible();
  return tab;
}

/** The login form's first step, as the admin types it. */
async function passwordStep(page: Page) {
  await gotoHydrated(page, '/auth');
  const panel = page.getByRole('tabpanel', { name: 'Login', exact: true });
  await panel.getByRole('textbox', { name: 'Username', exact: true }).pressSequentially(ADMIN.username);
  await panel.getByRole('textbox', { name: 'Password', exact: true }).pressSequentially(ADMIN.password);
  await panel.getByRole('button', { name: 'Login', exact: true }).click();
  return {
    panel,
    appCode: panel.getByRole('textbox', { name: 'Authentication code', exact: true }),
    recoveryCode: panel.getByRole('textbox', { name: 'Recovery code', exact: true }),
    useRecovery: panel.getByRole('button', { name: 'Use a recovery code', exact: true }),
    verify: panel.getByRole('button', { name: 'Verify', exact: true }),
  };
}

/** A browser of its own, signed in to nothing, whose console must stay clean but for `allowed`. */
async function otherBrowser(browser: Browser, server: PrivateServer, allowed: RegExp[] = []) {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const problems = watchBrowserErrors(context, allowed);
  return { context, problems, page: await context.newPage() };
}

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'journey_session');

const userStatus = async (request: APIRequestContext) => (await request.get('/api/user')).status();

/** Turns the TOTP on over the API, as another client of the interface would. */
async function turnOnOverApi(api: APIRequestContext): Promise<string[]> {
  const enrolled = await api.post('/api/admin/factors/totp');
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const { secret } = (await enrolled.json()) as { secret: string };
  const confirmed = await api.post('/api/admin/factors/totp/confirm', {
    data: { code: await codeFor(secret) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes;
}

/** axe on another browser's page than the test's own (the `axe` fixture scans that one). */
async function axeOn(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(violations.length, formatViolations(violations)).toBe(0);
}

/** The whole page for a view of the tab (on a phone the section is below the fold), the screen for a dialog. */
const screenshot = (page: Page, name: string, fullPage: boolean) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

/** The section, then `dialog` open, on each screen and scheme: screenshots, and axe on both. */
async function lookOnEachScreen(page: Page, name: string, axe: () => Promise<void>, dialog?: Locator) {
  if (test.info().project.name !== 'desktop') return;
  await onEachScreen(page, async (screen) => {
    if (dialog) await stillness(dialog);
    await screenshot(page, `${name}-${screen}`, !dialog);
    await axe();
  });
}

test.describe('two-factor authentication', () => {
  // A wrong code is a 400 (setting up) or a 401 (signing in), which Chromium reports on the console.
  test.use({ allowedConsoleErrors: [refused('400 (Bad Request)')] });

  test('is set up with a code from the app; then a code or a recovery code, once, completes the sign-in', async ({
    adminPage: page,
    browser,
    server,
    axe,
  }) => {
    // Four screens of axe and screenshots for each of four views, on two busy cores.
    test.setTimeout(300_000);
    const tab = await openAccountTab(page);
    await expect(tab.status('Off')).toBeVisible();
    await expect(tab.requireSwitch).toBeDisabled();
    await axe();

    // Set up: the QR code and the setup key, in a dialog that passes axe on every screen.
    await tab.setUp.click();
    await expect(
      tab.dialog.getByRole('img', { name: /^QR code to scan with an authenticator app/ }),
    ).toBeVisible();
    await expect(tab.code).toBeFocused();
    await expect(tab.code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(tab.code).toHaveAttribute('inputmode', 'numeric');
    const secret = (await tab.dialog.locator('code').innerText()).replaceAll(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await stillness(tab.dialog);
    await axe();
    await lookOnEachScreen(page, 'enroll', axe, tab.dialog);

    // A wrong code is refused under the field; the right one turns it on and shows the recovery codes.
    await tab.code.pressSequentially('000000');
    await tab.turnOn.click();
    await expect(tab.code).toHaveAccessibleDescription(/^That code is not right/);
    await tab.code.clear();
    await tab.code.pressSequentially(await codeFor(secret));
    await tab.turnOn.click();
    await expect(tab.recoveryCodes).toHaveCount(10);
    const recoveryCodes = await tab.recoveryCodes.allInnerTexts();
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{7}(-[a-z2-7]{7}){3}$/);
    await axe();
    await lookOnEachScreen(page, 'recovery-codes', axe, tab.dialog);
    await tab.dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(tab.dialog).toBeHidden();
    await expect(tab.status('On')).toBeVisible();
    await expect(tab.section).toContainText('10 of 10 recovery codes left');
    await lookOnEachScreen(page, 'section-on', axe);

    // Another browser: the password, then the second step, which passes axe on every screen.
    const wrongCode = refused('401 (Unauthorized)');
    const other = await otherBrowser(browser, server, [wrongCode]);
    let login = await passwordStep(other.page);
    await expect(login.appCode).toBeFocused();
    await expect(login.appCode).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(login.appCode).toHaveAttribute('inputmode', 'numeric');
    expect(await sessionCookie(other.context), 'no session before the code').toBeUndefined();
    expect(await userStatus(other.context.request)).toBe(401);
    const axeOther = () => axeOn(other.page);
    await axeOther();
    await lookOnEachScreen(other.page, 'login-code', axeOther);
    // The code of the step after the confirmation's: the confirmation's own is spent.
    await login.appCode.pressSequentially(await codeFor(secret, 1));
    await login.verify.click();
    await expect(other.page).toHaveURL(/\/admin$/);
    await expectToast(other.page, 'Login successful');
    expect(await userStatus(other.context.request)).toBe(200);
    await other.context.close();
    expect(other.problems, "unexpected errors in the other browser's console").toEqual([]);

    // A recovery code signs in once; the second time it is refused and nobody is signed in.
    const [recoveryCode = ''] = recoveryCodes;
    const third = await otherBrowser(browser, server, [wrongCode]);
    login = await passwordStep(third.page);
    await login.useRecovery.click();
    await expect(login.recoveryCode).toBeFocused();
    await axeOn(third.page);
    await login.recoveryCode.pressSequentially(recoveryCode);
    await login.verify.click();
    await expect(third.page).toHaveURL(/\/admin$/);
    await third.context.clearCookies();
    login = await passwordStep(third.page);
    await login.useRecovery.click();
    await login.recoveryCode.pressSequentially(recoveryCode);
    await login.verify.click();
    await expectToast(third.page, 'Login failed', 'Invalid code. Check it and try again.');
    await expect(login.recoveryCode).toHaveAccessibleDescription(/^Invalid code\. Check it and try again\./);
    await expect(third.page).toHaveURL(/\/auth$/);
    expect(await sessionCookie(third.context)).toBeUndefined();
    await third.context.close();
    expect(third.problems, "unexpected errors in the third browser's console").toEqual([]);

    await page.reload();
    await expect(tab.section).toContainText('9 of 10 recovery codes left');
  });

  test("'Require a second factor' refuses the password alone and keeps the app on until it is off", async ({
    adminPage: page,
    browser,
    playwright,
    server,
    axe,
  }) => {
    const api = await signedInRequest(playwright, server);
    await turnOnOverApi(api);
    await api.dispose();
    const tab = await openAccountTab(page);
    await expect(tab.status('On')).toBeVisible();

    await tab.requireSwitch.click({ force: true });
    // axe sees the toast once it has faded in.
    await stillness(await expectToast(page, 'Second factor required'));
    await expect(tab.requireSwitch).toBeChecked();
    await expect(tab.turnOff).toBeDisabled();
    await axe();

    // The password alone opens no session: the second step asks for a code, and going back leaves none.
    const other = await otherBrowser(browser, server);
    const login = await passwordStep(other.page);
    await expect(login.appCode).toBeVisible();
    expect(await sessionCookie(other.context)).toBeUndefined();
    expect(await userStatus(other.context.request)).toBe(401);
    await login.panel.getByRole('button', { name: 'Start over', exact: true }).click();
    await expect(login.panel.getByRole('textbox', { name: 'Username', exact: true })).toBeVisible();
    await other.page.goto('/admin');
    await expect(other.page).toHaveURL(/\/auth$/);

    // Off again, the app can be turned off after a question; then the password alone signs in.
    await tab.requireSwitch.click({ force: true });
    await expectToast(page, 'Second factor no longer required');
    await expect(tab.requireSwitch).not.toBeChecked();
    await tab.turnOff.click();
    await stillness(tab.offDialog);
    await axe();
    await lookOnEachScreen(page, 'turn-off', axe, tab.offDialog);
    await tab.offDialog.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expectToast(page, 'Two-factor authentication is off');
    await expect(tab.status('Off')).toBeVisible();

    await passwordStep(other.page);
    await expect(other.page).toHaveURL(/\/admin$/);
    expect(await userStatus(other.context.request)).toBe(200);
    await other.context.close();
    expect(other.problems, "unexpected errors in the other browser's console").toEqual([]);
  });
});
