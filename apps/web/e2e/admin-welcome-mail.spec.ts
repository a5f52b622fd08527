import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { expectStatus, expectToast, outboxMessage, subscribeConfirmed } from './support';

/*
 * The welcome mail in the admin's Newsletter tab (docs/decisions/097-automatic-mail.md): the owner
 * turns it on, writes its subject and Markdown body with the mail's live preview, saves, and finds it
 * kept after a reload; a reader who confirms then gets it (in the outbox: these servers have no SMTP).
 * On the desktop and the phone.
 */

const WELCOME_URL = '/api/admin/newsletter/welcome';
const SUBJECT = 'Welcome to the journey';
const BODY = 'Thanks for **confirming**. Start with [the first sale](/milestones).';

/** Off and empty: how every other spec on this server expects it. */
async function turnWelcomeOff(api: APIRequestContext) {
  await expectStatus(await api.put(WELCOME_URL, { data: { enabled: false, subject: '', body: '' } }), 200);
}

function welcomeSection(page: Page) {
  const section = page.getByRole('region', { name: 'Welcome mail', exact: true });
  return {
    section,
    enabled: section.getByRole('switch', { name: 'Send a welcome mail to new subscribers' }),
    subject: section.getByRole('textbox', { name: 'Welcome subject' }),
    body: section.getByRole('textbox', { name: 'Welcome body' }),
    preview: section.getByRole('region', { name: 'Preview of the welcome mail', exact: true }),
    save: section.getByRole('button', { name: 'Save welcome mail', exact: true }),
  };
}

async function openWelcome(page: Page) {
  await page.goto('/admin?tab=newsletter');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const welcome = welcomeSection(page);
  await expect(welcome.subject).toBeVisible();
  return welcome;
}

test.beforeEach(async ({ api }) => turnWelcomeOff(api));
test.afterEach(async ({ api }) => turnWelcomeOff(api));

test('the owner writes the welcome mail with a preview, saves it, and a new reader gets it', async ({
  adminPage: page,
  api,
  axe,
}) => {
  test.slow(); // typing, a reload, axe twice, four screenshots and a sign-up through the outbox
  const welcome = await openWelcome(page);
  await expect(welcome.enabled).not.toBeChecked();
  await expect(welcome.preview).toContainText('(no subject yet)');

  // On with nothing written: the schema's messages under the fields, the first one focused.
  await welcome.enabled.check();
  await welcome.save.click();
  await expect(welcome.subject).toHaveAccessibleDescription(
    /Subject is required while the welcome mail is on\./,
  );
  await expect(welcome.section.getByText('Body is required while the welcome mail is on.')).toBeVisible();
  await expect(welcome.subject).toBeFocused();

  await welcome.subject.pressSequentially(SUBJECT);
  await welcome.body.pressSequentially(BODY);
  await expect(welcome.preview.getByText(SUBJECT, { exact: true })).toBeVisible();
  await expect(welcome.preview.locator('strong')).toHaveText('confirming');
  await expect(welcome.preview.getByRole('link', { name: 'the first sale', exact: true })).toHaveAttribute(
    'href',
    '/milestones',
  );
  await expect(welcome.preview).toContainText('Unsubscribe');
  await expect(welcome.subject).not.toHaveAccessibleDescription(/required/);

  await welcome.save.click();
  await expectToast(page, 'Welcome mail saved', 'Every reader who confirms from now on gets it once.');
  expect(await (await api.get(WELCOME_URL)).json()).toMatchObject({
    enabled: true,
    subject: SUBJECT,
    body: BODY,
  });
  await axe();

  const project = test.info().project.name;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await welcome.section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`welcome-mail-${project}-${scheme}.png`) });
    await welcome.section.screenshot({
      path: test.info().outputPath(`welcome-section-${project}-${scheme}.png`),
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Kept over a reload.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(welcome.enabled).toBeChecked();
  await expect(welcome.subject).toHaveValue(SUBJECT);
  await expect(welcome.body).toHaveValue(BODY);
  await expect(welcome.preview.locator('strong')).toHaveText('confirming');
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways, 'the page scrolls sideways').toBe(false);
  await welcome.save.scrollIntoViewIfNeeded();
  await expect(welcome.save).toBeInViewport({ ratio: 1 });
  await axe();

  // A reader who confirms gets it once, with the owner's text.
  const reader = `welcomed-${project}@example.com`;
  await subscribeConfirmed(api, reader);
  const mail = await outboxMessage(api, reader, new RegExp(`^${SUBJECT}$`));
  expect(mail.text).toContain('Thanks for');
  expect(mail.headers['List-Unsubscribe']).toMatch(/\/newsletter\/unsubscribe\?token=/);
});

test('turned off, it is kept but not sent', async ({ adminPage: page, api }) => {
  await expectStatus(
    await api.put(WELCOME_URL, { data: { enabled: true, subject: SUBJECT, body: BODY } }),
    200,
  );
  const welcome = await openWelcome(page);
  await expect(welcome.enabled).toBeChecked();
  await welcome.enabled.uncheck();
  await welcome.save.click();
  await expectToast(page, 'Welcome mail saved', 'It is off: readers who confirm get no welcome mail.');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(welcome.enabled).not.toBeChecked();
  await expect(welcome.subject).toHaveValue(SUBJECT);
  expect(await (await api.get(WELCOME_URL)).json()).toMatchObject({ enabled: false, subject: SUBJECT });
});
