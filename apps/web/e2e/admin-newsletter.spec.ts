import type { Locator, Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { fillDate, openDialog, trpcCall } from './admin-dialogs';
import {
  clearOutbox,
  createBroadcast,
  expectToast,
  holdRequests,
  listBroadcasts,
  listMilestones,
  listOutbox,
  outboxMessage,
  requestsTo,
  stillness,
  subscribe,
  subscribeConfirmed,
} from './support';

/*
 * The admin's Newsletter tab (docs/decisions/041-newsletter-tab.md): compose with the mail's live
 * preview, drafts, a test to the admin, a send with its confirmation and progress, the outbox the
 * servers keep mail in (they have no SMTP), and 'Send as update' from a milestone. Every test starts
 * with no broadcasts, no subscribers and an empty outbox (admin-server.ts).
 */

const ADMIN_EMAIL = 'founder@example.com';

function newsletterTab(page: Page) {
  const panel = page.getByRole('tabpanel', { name: 'Newsletter', exact: true });
  const broadcasts = panel.getByRole('table', { name: 'Broadcasts', exact: true });
  const outbox = panel.getByRole('list', { name: 'Messages in the outbox', exact: true });
  return {
    panel,
    subject: panel.getByRole('textbox', { name: 'Subject', exact: true }),
    body: panel.getByRole('textbox', { name: 'Body', exact: true }),
    preview: panel.getByRole('region', { name: 'Preview of the mail', exact: true }),
    save: panel.getByRole('button', { name: 'Save draft', exact: true }),
    sendTest: panel.getByRole('button', { name: 'Send test to me', exact: true }),
    broadcasts,
    /** The broadcasts' row whose subject is `subject`. */
    row: (subject: string) =>
      broadcasts.getByRole('row').filter({ has: page.getByText(subject, { exact: true }) }),
    outbox,
    /** The outbox's messages to `recipient` titled `subject`. */
    message: (subject: string, recipient: string) =>
      outbox
        .getByRole('listitem')
        .filter({ has: page.getByText(subject, { exact: true }) })
        .filter({ hasText: `To ${recipient} ·` }),
  };
}

async function openNewsletter(page: Page, query = '') {
  await page.goto(`/admin?tab=newsletter${query}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const tab = newsletterTab(page);
  await expect(tab.subject).toBeVisible();
  return tab;
}

/** Types into the form key by key, as the admin would. */
async function compose(tab: ReturnType<typeof newsletterTab>, subject: string, body: string) {
  await tab.subject.pressSequentially(subject);
  await tab.body.pressSequentially(body);
}

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Opens a collapsed outbox message (a <details>) by its summary line. */
async function expand(message: Locator) {
  await message.locator('summary').click();
  await expect(message.locator('details')).toHaveAttribute('open', '');
}

test.describe('the Newsletter tab', () => {
  test('composes a draft with a live preview of the mail, saves it, and keeps it over a reload', async ({
    adminPage: page,
    api,
  }) => {
    const tab = await openNewsletter(page);
    await expect(tab.panel.getByText(/SMTP is not configured: nothing leaves this machine/)).toBeVisible();
    await expect(tab.panel.getByRole('heading', { name: 'New broadcast', exact: true })).toBeVisible();
    await expect(tab.broadcasts).toContainText('No broadcasts yet.');

    // Nothing typed: the schema's messages, under the fields, and nothing saved.
    await tab.save.click();
    await expect(tab.subject).toHaveAccessibleDescription(/Subject is required\./);
    await expect(tab.panel.getByText('Body is required.', { exact: true })).toBeVisible();
    await expect(tab.subject).toBeFocused();
    expect(await listBroadcasts(api)).toEqual([]);

    const subject = 'Week 12: the first paying customers';
    await compose(
      tab,
      subject,
      'Three **new** customers this week. Read [the story](/milestones/1-first-sale).',
    );
    await expect(tab.preview.getByText(subject, { exact: true })).toBeVisible();
    await expect(tab.preview.getByText('Solo Unicorn', { exact: true })).toBeVisible();
    await expect(tab.preview.locator('strong')).toHaveText('new');
    await expect(tab.preview.getByRole('link', { name: 'the story', exact: true })).toHaveAttribute(
      'href',
      '/milestones/1-first-sale',
    );
    await expect(tab.preview).toContainText('Unsubscribe');

    await tab.save.click();
    await expectToast(page, 'Draft saved');
    await expect(page).toHaveURL(/[?&]draft=\d+/);
    await expect(tab.panel.getByRole('heading', { name: 'Edit draft', exact: true })).toBeVisible();
    await expect(tab.row(subject)).toContainText('Draft');
    await expect(tab.row(subject)).toContainText('Not sent yet');
    const [stored] = await listBroadcasts(api);
    expect(stored).toMatchObject({ subject, status: 'draft', counts: { queued: 0, sent: 0, failed: 0 } });

    // A reload keeps the draft in the form and in the list.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(tab.subject).toHaveValue(subject);
    await expect(tab.body).toHaveValue(stored!.body);
    await expect(tab.row(subject)).toContainText('Draft');

    // Saved again as the same draft, not as a second one.
    await tab.subject.press('End');
    await tab.subject.pressSequentially(' (edited)');
    await tab.save.click();
    await expect(tab.row(`${subject} (edited)`)).toBeVisible();
    expect((await listBroadcasts(api)).map((broadcast) => broadcast.subject)).toEqual([
      `${subject} (edited)`,
    ]);
  });

  test('opens a listed draft for editing, starts a new one, and deletes a draft', async ({
    adminPage: page,
    api,
  }) => {
    await createBroadcast(api, { subject: 'Older draft', body: 'The older body.' });
    const tab = await openNewsletter(page);
    await tab.panel.getByRole('button', { name: 'Edit draft Older draft', exact: true }).click();
    await expect(tab.subject).toHaveValue('Older draft');
    await expect(tab.body).toHaveValue('The older body.');

    await tab.panel.getByRole('button', { name: 'New draft', exact: true }).click();
    await expect(tab.subject).toHaveValue('');
    await expect(page).not.toHaveURL(/draft=/);

    await tab.panel.getByRole('button', { name: 'Delete draft Older draft', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText('This will permanently delete this draft.');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(tab.row('Older draft')).toHaveCount(0);
    expect(await listBroadcasts(api)).toEqual([]);
  });

  test("'Send test to me' puts a [Test] mail to the admin in the outbox", async ({ adminPage: page }) => {
    const tab = await openNewsletter(page);
    // No one has confirmed yet: sending waits, and says why.
    await expect(
      tab.panel.getByRole('button', { name: 'Send to 0 subscribers', exact: true }),
    ).toBeDisabled();
    await expect(tab.panel.getByText(/^No confirmed subscribers yet/)).toBeVisible();

    await compose(tab, 'Testing the waters', 'Just **checking** how this looks.');
    await tab.sendTest.click();
    await expectToast(page, `Test sent to ${ADMIN_EMAIL}`, 'it is in the outbox below');
    // Saved first: the test is of a draft.
    await expect(tab.row('Testing the waters')).toContainText('Draft');

    const test = tab.message('[Test] Testing the waters', ADMIN_EMAIL);
    await expect(test).toBeVisible();
    await expand(test);
    await expect(test).toContainText('Just checking how this looks.');
    await expect(test).toContainText('This is a test sent to you from the admin panel');
  });

  test('sends to the confirmed subscribers after a confirmation naming them, and shows the progress', async ({
    adminPage: page,
    api,
    axe,
  }) => {
    await subscribeConfirmed(api, 'ada@example.com');
    await subscribeConfirmed(api, 'grace@example.com');
    await subscribe(api, 'pending@example.com');
    const tab = await openNewsletter(page);
    const subject = 'Day 42: the first $10k month';
    await compose(tab, subject, 'We made it: **$10,000** in one month.');

    await tab.panel.getByRole('button', { name: 'Send to 2 subscribers', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Send '${subject}' to 2 confirmed subscribers?` });
    await expect(dialog).toBeVisible();
    await stillness(dialog);
    await axe();

    // The list's refetch after the send is held: the send's own answer shows the progress meanwhile.
    const lists = await holdRequests(page, trpcCall('newsletter.list'));
    await dialog.getByRole('button', { name: 'Send now', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, 'Sending started');
    const progress = tab.panel.getByRole('progressbar', { name: `Sending ${subject}`, exact: true });
    // The bar has no width yet at 0 %: it is there, with its figure beside it.
    await expect(progress).toHaveAttribute('aria-valuenow', /^\d+(\.\d+)?$/);
    await expect(tab.row(subject)).toContainText('Sending');
    await expect(tab.row(subject).getByText(/^\d of 2 sent$/)).toBeVisible();
    // The form starts over for the next broadcast.
    await expect(tab.subject).toHaveValue('');
    await axe();
    lists.release();

    await expect(tab.row(subject)).toContainText('Sent', { timeout: 15_000 });
    await expect(tab.row(subject)).toContainText('0 queued · 2 sent · 0 failed');
    await expect(progress).toHaveCount(0);
    // Nothing sends any more: the list is no longer polled.
    await page.unroute(trpcCall('newsletter.list'));
    const polls = requestsTo(page, trpcCall('newsletter.list'));
    await page.waitForTimeout(2_500);
    expect(polls, 'no polling once nothing sends').toEqual([]);

    // One mail per confirmed address, none to the pending one.
    const sent = (await listOutbox(api)).filter((message) => message.subject === subject);
    expect(sent.map((message) => message.recipient).sort()).toEqual(['ada@example.com', 'grace@example.com']);
    for (const recipient of ['ada@example.com', 'grace@example.com'])
      await expect(tab.message(subject, recipient)).toHaveCount(1);
    await expect(tab.message(subject, 'pending@example.com')).toHaveCount(0);
  });

  test('offers to send only to the subscribers still confirmed, without a reload', async ({
    adminPage: page,
    api,
  }) => {
    // Two confirmed readers, two tabs and a deletion: a slow fixture on a busy machine.
    test.slow();
    await subscribeConfirmed(api, 'leaver@example.com');
    await subscribeConfirmed(api, 'stayer@example.com');
    const tab = await openNewsletter(page);
    await compose(tab, 'Still there?', 'A short note.');
    await expect(tab.panel.getByRole('button', { name: 'Send to 2 subscribers', exact: true })).toBeVisible();

    // One reader leaves with the link of their mail, elsewhere: the admin's page is not told.
    const mail = await outboxMessage(api, 'leaver@example.com', /^Confirm your subscription/);
    const token = decodeURIComponent(/\/newsletter\/unsubscribe\?token=([^\s\]]+)/.exec(mail.text)![1]!);
    expect((await api.post('/api/subscribers/unsubscribe', { data: { token } })).status()).toBe(200);

    // The admin's click asks with the count as it is now.
    await tab.panel.getByRole('button', { name: 'Send to 2 subscribers', exact: true }).click();
    await expect(
      page.getByRole('dialog', { name: "Send 'Still there?' to 1 confirmed subscriber?" }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(tab.panel.getByRole('button', { name: 'Send to 1 subscriber', exact: true })).toBeVisible();

    // The admin deletes the other one on the Subscribers tab, then comes back.
    await page.getByRole('tab', { name: 'Subscribers', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'stayer@example.com' });
    await row.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: 'Newsletter', exact: true }).click();
    await expect(
      tab.panel.getByRole('button', { name: 'Send to 0 subscribers', exact: true }),
    ).toBeDisabled();
    await expect(tab.panel.getByText(/^No confirmed subscribers yet/)).toBeVisible();
  });

  test("shows a sign-up's confirmation mail without a reload, and its link opens the confirm page", async ({
    adminPage: page,
    api,
  }) => {
    const tab = await openNewsletter(page);
    await expect(tab.panel.getByText(/^The outbox is empty/)).toBeVisible();
    await subscribe(api, 'new.reader@example.com');

    const mail = tab.message('Confirm your subscription to Solo Unicorn', 'new.reader@example.com');
    await expect(mail).toBeVisible();
    await expand(mail);
    const link = mail.getByRole('link', { name: /\/newsletter\/confirm\?token=/ });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/newsletter\/confirm\?token=[\w-]+/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  });

  test('clears the outbox after a confirmation', async ({ adminPage: page, api }) => {
    await subscribe(api, 'someone@example.com');
    const tab = await openNewsletter(page);
    await expect(tab.outbox.getByRole('listitem')).toHaveCount(1);
    await tab.panel.getByRole('button', { name: 'Clear outbox', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear the outbox?' });
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(tab.outbox.getByRole('listitem')).toHaveCount(1);

    await tab.panel.getByRole('button', { name: 'Clear outbox', exact: true }).click();
    await dialog.getByRole('button', { name: 'Clear outbox', exact: true }).click();
    await expect(tab.panel.getByText(/^The outbox is empty/)).toBeVisible();
    expect(await listOutbox(api)).toEqual([]);
  });

  test("'Send as update' on a new milestone opens a draft made of it", async ({ adminPage: page, api }) => {
    await page.goto('/admin?tab=milestones');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const milestones = page.getByRole('tabpanel', { name: 'Milestones', exact: true });
    const dialog = await openDialog(
      page,
      milestones.getByRole('button', { name: 'Add New Milestone', exact: true }),
      'Add New Milestone',
    );
    await dialog.getByRole('textbox', { name: 'Title' }).pressSequentially('First sale');
    await dialog
      .getByRole('textbox', { name: 'Description' })
      .pressSequentially('A stranger paid for the app.');
    await fillDate(dialog.getByRole('textbox', { name: 'Date' }), '2024-02-10');
    await dialog.getByRole('textbox', { name: 'Day' }).fill('41');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Milestone added');

    const [milestone] = await listMilestones(api);
    await milestones
      .getByRole('link', { name: 'Send milestone First sale (day 41) as update', exact: true })
      .click();
    const tab = newsletterTab(page);
    await expect(page).toHaveURL(/[?&]tab=newsletter(&|$)/);
    const body = `A stranger paid for the app.\n\n[Read more about this milestone](/milestones/${milestone!.id}-first-sale)`;
    await expect(tab.subject).toHaveValue('First sale');
    await expect(tab.body).toHaveValue(body);
    await expect(tab.preview.getByRole('link', { name: 'Read more about this milestone' })).toHaveAttribute(
      'href',
      `/milestones/${milestone!.id}-first-sale`,
    );

    // The prefill is in the address: a reload keeps it, and nothing is saved until the admin says so.
    await page.reload();
    await expect(tab.subject).toHaveValue('First sale');
    await expect(tab.body).toHaveValue(body);
    expect(await listBroadcasts(api)).toEqual([]);
    await tab.save.click();
    await expect(page).toHaveURL(/[?&]draft=\d+$/);
    expect(await listBroadcasts(api)).toMatchObject([{ subject: 'First sale', body, status: 'draft' }]);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`is keyboard reachable, fits the screen and passes axe (${scheme})`, async ({
      adminPage: page,
      api,
      axe,
    }) => {
      // Signs a reader up and sends a broadcast before the page opens: a slow fixture on a busy machine.
      test.slow();
      await page.emulateMedia({ colorScheme: scheme });
      // A sent broadcast too: its 'Sent' badge is the smallest text on the tab.
      await subscribeConfirmed(api, 'confirmed@example.com');
      const sent = await createBroadcast(api, { subject: 'Went out', body: 'Hello.' });
      expect((await api.post(`/api/admin/broadcasts/${sent.id}/send`)).status()).toBe(202);
      await expect
        .poll(async () => (await listBroadcasts(api)).find((b) => b.id === sent.id)?.status, {
          timeout: 15_000,
        })
        .toBe('sent');
      await clearOutbox(api);
      await createBroadcast(api, { subject: 'A draft', body: 'Some **body**.' });
      await subscribe(api, 'reader@example.com');
      const tab = await openNewsletter(page);
      await expect(tab.row('Went out').getByText('Sent', { exact: true })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(tab.outbox.getByRole('listitem')).toHaveCount(1);
      await expand(tab.outbox.getByRole('listitem').first());

      await tab.subject.focus();
      await page.keyboard.press('Tab');
      await expect(tab.body).toBeFocused();
      expect(await pageScrollsSideways(page), 'the page scrolls sideways').toBe(false);
      for (const button of [tab.save, tab.sendTest]) {
        await button.scrollIntoViewIfNeeded();
        await expect(button).toBeInViewport({ ratio: 1 });
      }
      await axe();
    });
  }
});
