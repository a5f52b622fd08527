import AxeBuilder from '@axe-core/playwright';
import type { CDPSession, Locator, Page } from '@playwright/test';
import { providePrivateServer, type PrivateServer } from './private-server';
import { ADMIN, expect, formatViolations, test as base, WCAG_TAGS } from './fixtures';
import { onEachScreen } from './screens';
import { expectToast, gotoHydrated, stillness } from './support';

/*
 * Passkeys (docs/decisions/087-passkeys.md) with Chromium's virtual authenticator (the DevTools
 * Protocol's WebAuthn domain): added in the Account tab, then the only thing that signs in, a second
 * one, renamed and removed; and a response from another origin refused. A passkey changes how the
 * admin signs in, so each test has a server of its own (private-server.ts).
 *
 * WebAuthn refuses an IP address as the relying party id, and the private server is reached at
 * 127.0.0.1: the browser goes to `localhost` on the same port, and the session cookies follow.
 */

const refused = (status: string) =>
  new RegExp(
    `^Failed to load resource: the server responded with a status of ${status.replace(/[()]/g, '\\$&')}$`,
  );

const onLocalhost = (url: string) => url.replace('://127.0.0.1:', '://localhost:');

const test = base.extend<{ server: PrivateServer; adminPage: Page }>({
  server: [({ playwright }, use) => providePrivateServer(playwright, use), { timeout: 60_000 }],
  baseURL: async ({ server }, use) => use(onLocalhost(server.baseURL)),
  adminPage: async ({ context, page, server }, use) => {
    await context.addCookies(server.cookies.map((cookie) => ({ ...cookie, domain: 'localhost' })));
    await use(page);
  },
});

/** A platform authenticator with user verification, as a laptop's fingerprint reader is. */
async function addAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return authenticatorId;
}

/**
 * Chromium's virtual authenticator answers the login form's autofill request (conditional UI) by
 * itself, as soon as the form is shown. To click the visible button instead, a test switches the
 * autofill off for the page (`localStorage`, read before the page's own scripts run).
 */
const NO_AUTOFILL = 'e2e-no-passkey-autofill';

async function virtualAuthenticator(page: Page) {
  await page.addInitScript((key) => {
    const available = PublicKeyCredential.isConditionalMediationAvailable?.bind(PublicKeyCredential);
    PublicKeyCredential.isConditionalMediationAvailable = async () =>
      localStorage.getItem(key) === null && (await available?.()) === true;
  }, NO_AUTOFILL);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  return { cdp, id: await addAuthenticator(cdp) };
}

function passkeys(page: Page) {
  const section = page.getByRole('region', { name: 'Passkeys', exact: true });
  const addDialog = page.getByRole('dialog', { name: 'Add a passkey', exact: true });
  return {
    section,
    addDialog,
    add: section.getByRole('button', { name: 'Add a passkey', exact: true }),
    name: addDialog.getByRole('textbox', { name: 'Passkey name' }),
    continue: addDialog.getByRole('button', { name: 'Continue', exact: true }),
    items: section.getByRole('listitem'),
    item: (name: string) => section.getByRole('listitem').filter({ hasText: name }),
    renameDialog: page.getByRole('dialog', { name: 'Rename the passkey', exact: true }),
    removeDialog: page.getByRole('dialog', { name: 'Remove this passkey?', exact: true }),
  };
}

async function openAccountTab(page: Page) {
  await gotoHydrated(page, '/admin?tab=account');
  const tab = passkeys(page);
  await expect(tab.add).toBeVisible();
  return tab;
}

async function addPasskey(page: Page, name: string) {
  const tab = passkeys(page);
  await tab.add.click();
  await expect(tab.name).toBeFocused();
  await tab.name.pressSequentially(name);
  await tab.continue.click();
  await expectToast(page, 'Passkey added');
  await expect(tab.addDialog).toBeHidden();
  await expect(tab.item(name)).toContainText('Never used');
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout', exact: true }).locator('visible=true').click();
  await expect(page).toHaveURL(/\/$/);
}

/** The login form's passkey button, from the /auth page, with the autofill off. */
async function signInWithPasskey(page: Page) {
  await page.evaluate((key) => localStorage.setItem(key, 'on'), NO_AUTOFILL);
  await gotoHydrated(page, '/auth');
  const panel = page.getByRole('tabpanel', { name: 'Login', exact: true });
  await expect(panel.getByRole('textbox', { name: 'Username', exact: true })).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  );
  await panel.getByRole('button', { name: 'Sign in with a passkey', exact: true }).click();
}

const userStatus = async (page: Page) => (await page.request.get('/api/user')).status();

const screenshot = (page: Page, name: string, fullPage: boolean) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

/** The section, or `dialog` open, on each screen and scheme: screenshots, and axe on both. */
async function lookOnEachScreen(page: Page, name: string, dialog?: Locator) {
  if (test.info().project.name !== 'desktop') return;
  await onEachScreen(page, async (screen) => {
    if (dialog) await stillness(dialog);
    await screenshot(page, `${name}-${screen}`, !dialog);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(violations.length, formatViolations(violations)).toBe(0);
  });
}

test.describe('passkeys', () => {
  test('a passkey is added, then signs in alone; a second one is added, renamed, and the first removed', async ({
    adminPage: page,
    axe,
  }) => {
    // Four screens of axe and screenshots for each of several views, on two busy cores.
    test.setTimeout(300_000);
    const authenticator = await virtualAuthenticator(page);
    const tab = await openAccountTab(page);
    await expect(tab.section).toContainText('No passkeys yet.');
    await axe();
    await lookOnEachScreen(page, 'empty');

    await tab.add.click();
    await expect(tab.name).toBeFocused();
    await tab.name.pressSequentially('Laptop');
    await stillness(tab.addDialog);
    await axe();
    await lookOnEachScreen(page, 'add-dialog', tab.addDialog);
    await tab.continue.click();
    await expectToast(page, 'Passkey added');
    await expect(tab.items).toHaveCount(1);
    await expect(tab.item('Laptop')).toContainText(/Added .+ · Never used/);
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: authenticator.id,
    });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await lookOnEachScreen(page, 'one-passkey');

    // The same authenticator again: it holds one already, and the dialog says why nothing was added.
    await tab.add.click();
    await tab.name.pressSequentially('Laptop again');
    await tab.continue.click();
    await expect(tab.addDialog.getByRole('alert')).toContainText(
      'The passkey was not added: this device already holds a passkey for this account.',
    );
    await axe();
    await tab.addDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(tab.items).toHaveCount(1);

    // Signed out, the passkey alone signs in: no username, no password.
    await signOut(page);
    expect(await userStatus(page)).toBe(401);
    await signInWithPasskey(page);
    await expect(page).toHaveURL(/\/admin$/);
    await expectToast(page, 'Login successful');
    expect(await userStatus(page)).toBe(200);
    await openAccountTab(page);
    await expect(tab.item('Laptop')).toContainText(/Last used /);

    // A second passkey, on another authenticator (a phone, say).
    await authenticator.cdp.send('WebAuthn.removeVirtualAuthenticator', {
      authenticatorId: authenticator.id,
    });
    await addAuthenticator(authenticator.cdp);
    await addPasskey(page, 'Second');
    await expect(tab.items).toHaveCount(2);

    await tab.item('Second').getByRole('button', { name: 'Rename Second' }).click();
    const renameField = tab.renameDialog.getByRole('textbox', { name: 'Passkey name' });
    await expect(renameField).toBeFocused();
    await renameField.clear();
    await renameField.pressSequentially('Phone');
    await axe();
    await tab.renameDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Passkey renamed');
    await expect(tab.item('Phone')).toBeVisible();

    await tab.item('Laptop').getByRole('button', { name: 'Remove Laptop' }).click();
    await expect(tab.removeDialog).toContainText('Laptop will no longer sign in');
    await stillness(tab.removeDialog);
    await axe();
    await lookOnEachScreen(page, 'remove-dialog', tab.removeDialog);
    await tab.removeDialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expectToast(page, 'Passkey removed');
    await expect(tab.items).toHaveCount(1);
    await expect(tab.item('Phone')).toBeVisible();

    // The phone's passkey signs in from the username field's autofill: the virtual authenticator
    // answers the form's conditional request without a click.
    await signOut(page);
    expect(await userStatus(page)).toBe(401);
    await page.evaluate((key) => localStorage.removeItem(key), NO_AUTOFILL);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/admin$/);
    await expectToast(page, 'Login successful');
    expect(await userStatus(page)).toBe(200);
  });

  test('after the password, with a second factor required, a passkey completes the sign-in', async ({
    adminPage: page,
    axe,
  }) => {
    test.setTimeout(180_000);
    await virtualAuthenticator(page);
    await openAccountTab(page);
    await addPasskey(page, 'Laptop');
    const required = await page.request.put('/api/admin/factors/required', { data: { required: true } });
    expect(required.status(), await required.text()).toBe(200);
    await signOut(page);
    await page.evaluate((key) => localStorage.setItem(key, 'on'), NO_AUTOFILL);
    await gotoHydrated(page, '/auth');
    const panel = page.getByRole('tabpanel', { name: 'Login', exact: true });
    await axe();
    await lookOnEachScreen(page, 'login');
    await panel.getByRole('textbox', { name: 'Username', exact: true }).pressSequentially(ADMIN.username);
    await panel.getByRole('textbox', { name: 'Password', exact: true }).pressSequentially(ADMIN.password);
    await panel.getByRole('button', { name: 'Login', exact: true }).click();
    const usePasskey = panel.getByRole('button', { name: 'Use your passkey', exact: true });
    await expect(usePasskey).toBeVisible();
    expect(await userStatus(page), 'no session after the password alone').toBe(401);
    await axe();
    await lookOnEachScreen(page, 'second-step');
    await usePasskey.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expectToast(page, 'Login successful');
    expect(await userStatus(page)).toBe(200);
  });

  test.describe('from another origin', () => {
    // The refused sign-in is a 401, which Chromium reports on the console.
    test.use({ allowedConsoleErrors: [refused('401 (Unauthorized)')] });

    test('a passkey response naming another origin signs nobody in', async ({ adminPage: page }) => {
      test.setTimeout(120_000);
      await virtualAuthenticator(page);
      await openAccountTab(page);
      await addPasskey(page, 'Laptop');
      await signOut(page);
      // The browser would never sign for another origin on this page, so the answer is changed on its
      // way out, as a phishing page relaying it would present it: clientDataJSON names that page's
      // origin. The signature no longer matches either; the API tests (passkeys.test.ts) prove the
      // origin check alone with a signed response. Here: the server refuses, the page says so.
      await page.route(/\/api\/trpc\/auth\.passkey(\?|$)/, async (route) => {
        const body = route.request().postData() ?? '';
        const changed = body.replace(/"clientDataJSON":"([\w-]+)"/, (_, data: string) => {
          const client = JSON.parse(Buffer.from(data, 'base64url').toString()) as { origin: string };
          client.origin = 'https://phishing.example';
          return `"clientDataJSON":"${Buffer.from(JSON.stringify(client)).toString('base64url')}"`;
        });
        expect(changed).not.toBe(body);
        await route.continue({ postData: changed });
      });
      await signInWithPasskey(page);
      await expectToast(page, 'Login failed', 'The passkey could not be verified. Try again.');
      await expect(page).toHaveURL(/\/auth$/);
      expect(await userStatus(page)).toBe(401);
    });
  });
});
