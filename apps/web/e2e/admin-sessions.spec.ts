import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { providePrivateServer, signedInRequest, type PrivateServer } from './private-server';
import { ADMIN, expect, test as base, watchBrowserErrors } from './fixtures';
import { onEachScreen } from './screens';
import { expectToast, gotoHydrated, stillness } from './support';

/*
 * The Account tab (docs/decisions/085-owner-sessions.md): the owner's sessions, this browser's marked,
 * another one signed out from here for real, then all the others after a question. Ending sessions
 * signs the admin out elsewhere, so each test has a server of its own (private-server.ts), where the
 * `founder` admin was registered through the API: that registration is a session too.
 */

const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const test = base.extend<{ server: PrivateServer }>({
  server: [({ playwright }, use) => providePrivateServer(playwright, use), { timeout: 60_000 }],
  baseURL: async ({ server }, use) => use(server.baseURL),
});

// This test's own browser says it is Chrome on a Mac, whatever the project emulates.
test.use({ userAgent: LAPTOP });

/** Signs the admin in through the /auth form's Login tab, and waits for the admin page. */
async function signIn(page: Page) {
  await gotoHydrated(page, '/auth');
  const panel = page.getByRole('tabpanel', { name: 'Login', exact: true });
  await panel.getByRole('textbox', { name: 'Username', exact: true }).fill(ADMIN.username);
  await panel.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await panel.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

function accountTab(page: Page) {
  const panel = page.getByRole('tabpanel', { name: 'Account', exact: true });
  const list = panel.getByRole('list', { name: 'Sessions', exact: true });
  return {
    panel,
    heading: panel.getByRole('heading', { level: 3, name: 'Sessions', exact: true }),
    cards: list.getByRole('listitem'),
    /** The card whose heading (the device) is `device`. */
    card: (device: string) =>
      list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: device, exact: true }) }),
    signOutAll: panel.getByRole('button', { name: 'Sign out all other sessions', exact: true }),
    dialog: page.getByRole('dialog', { name: 'Sign out all other sessions?', exact: true }),
  };
}

async function openAccountTab(page: Page) {
  await gotoHydrated(page, '/admin?tab=account');
  const tab = accountTab(page);
  await expect(page.getByRole('tab', { name: 'Account', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(tab.cards.first()).toBeVisible();
  return tab;
}

const userStatus = async (request: APIRequestContext) => (await request.get('/api/user')).status();

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Every 'Sign out' button of the tab shows its whole text, none squeezed by the card beside it. */
const signOutButtonsWhole = (panel: Locator) =>
  panel.getByRole('button', { name: /^Sign out/ }).evaluateAll((buttons) =>
    buttons.every((button) => {
      const label = button.querySelector('.mantine-Button-label');
      return label !== null && label.scrollWidth <= label.clientWidth;
    }),
  );

/** The focus is on a control inside `scope` (after a sign-out, never the page body). */
const focusedWithin = (scope: Locator) =>
  scope.evaluate((element) => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return element.contains(active)
      ? (active.textContent?.trim() ?? '')
      : `outside: ${active.outerHTML.slice(0, 80)}`;
  });

test('lists every session, signs the other browser out for real, then all other sessions after a question', async ({
  page,
  browser,
  playwright,
  server,
  axe,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page);

  // A second browser, a phone's, signs in through the same form.
  const phone = await browser.newContext({ baseURL: server.baseURL, userAgent: PHONE });
  const phoneProblems = watchBrowserErrors(phone, []);
  const phonePage = await phone.newPage();
  await signIn(phonePage);

  const tab = await openAccountTab(page);
  // This browser's, the phone's, and the registration the test server made through the API.
  await expect(tab.cards).toHaveCount(3);
  const own = tab.card('Chrome 131 on macOS');
  await expect(own.getByText('This device', { exact: true })).toBeVisible();
  await expect(own.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
  const phoneCard = tab.card('Safari 17 on iOS');
  await expect(phoneCard.getByText('This device', { exact: true })).toHaveCount(0);
  await expect(phoneCard.getByText('IP 127.0.0.1', { exact: true })).toBeVisible();
  await expect(phoneCard.getByText(/^Signed in \w{3} \d{1,2}, \d{4} · Last seen just now$/)).toBeVisible();
  // The list comes with this browser's session first.
  await expect(tab.cards.first()).toContainText('This device');
  await expect(tab.signOutAll).toBeEnabled();
  expect(await scrollsSideways(page), 'the page scrolls sideways').toBe(false);
  expect(await signOutButtonsWhole(tab.panel), "a 'Sign out' button is cut").toBe(true);
  await axe();

  // On a desktop's and a phone's screen, light and dark: the tab and the question, each passing axe.
  if (testInfo.project.name === 'desktop') {
    await onEachScreen(page, async (screen) => {
      await expect(tab.cards).toHaveCount(3);
      expect(await scrollsSideways(page), `${screen}: the page scrolls sideways`).toBe(false);
      expect(await signOutButtonsWhole(tab.panel), `${screen}: a 'Sign out' button is cut`).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`account-${screen}.png`), fullPage: true });
      await axe();
      await tab.signOutAll.click();
      await stillness(tab.dialog);
      await page.screenshot({ path: testInfo.outputPath(`confirm-${screen}.png`) });
      await axe();
      await tab.dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(tab.dialog).toBeHidden();
      await expect(tab.signOutAll, 'Cancel gives the focus back').toBeFocused();
    });
  }

  // The phone's session, signed out from the keyboard.
  const signOutPhone = phoneCard.getByRole('button', { name: /^Sign out Safari 17 on iOS, signed in / });
  await signOutPhone.focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Session signed out', 'Safari 17 on iOS is no longer signed in.');
  await expect(phoneCard).toHaveCount(0);
  await expect(tab.cards).toHaveCount(2);
  // Its card is gone: the focus went to the next card's 'Sign out', the registration's.
  await expect.poll(() => focusedWithin(tab.panel)).toBe('Sign out');

  // The phone is signed out for real: its next page is the sign-in.
  expect(await userStatus(phone.request)).toBe(401);
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/auth$/);

  // 'Sign out all other sessions' asks first, then ends the API's session too.
  await tab.signOutAll.click();
  await stillness(tab.dialog);
  await expect(tab.dialog).toContainText(
    '1 session will be signed out at once, wherever it is. This device stays signed in.',
  );
  await tab.dialog.getByRole('button', { name: 'Sign out all', exact: true }).click();
  await expectToast(page, 'Other sessions signed out', '1 session signed out. This device stays signed in.');
  await expect(tab.dialog).toBeHidden();
  await expect(tab.cards).toHaveCount(1);
  await expect(tab.cards.first()).toContainText('This device');
  await expect(tab.signOutAll).toBeDisabled();
  // Its button is disabled now: the focus is on the tab's heading rather than lost.
  await expect(tab.heading).toBeFocused();

  const registration = await signedInRequest(playwright, server);
  expect(await userStatus(registration), "the API's session").toBe(401);
  await registration.dispose();

  // This browser stays signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/admin\?tab=account$/);
  await expect(tab.cards).toHaveCount(1);
  expect(await userStatus(page.request)).toBe(200);

  await phone.close();
  expect(phoneProblems, "unexpected errors in the phone's console").toEqual([]);
});
