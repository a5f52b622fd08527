import type { Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { fillDate, openDialog } from './admin-dialogs';
import { openAdminTab } from './admin-tabs';
import {
  expectToast,
  listBroadcasts,
  listMilestones,
  listOutbox,
  outboxMessage,
  subscribeConfirmed,
} from './support';

/*
 * A milestone mailed when published (docs/decisions/097-automatic-mail.md): the owner ticks "Mail this
 * to subscribers when published" in the Add New Milestone dialog; the mail goes once to the confirmed
 * subscribers (to the outbox: these servers have no SMTP) and its broadcast shows in the Newsletter tab
 * with a Milestone badge; an edit mails nothing and makes no second broadcast. On the desktop and the
 * phone. Every test starts with no milestones, subscribers or broadcasts (admin-server.ts).
 */

const TITLE = 'First paying customer';
const DESCRIPTION = 'A stranger paid for the app.';
const MAIL_BOX = 'Mail this to subscribers when published';

async function screenshots(page: Page, name: string) {
  const project = test.info().project.name;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await page.screenshot({ path: test.info().outputPath(`${name}-${project}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a milestone ticked to be mailed goes to every confirmed subscriber once, never again on an edit', async ({
  adminPage: page,
  api,
  axe,
}) => {
  test.slow(); // two sign-ups through the outbox, typing, axe twice and eight screenshots
  const project = test.info().project.name;
  const readers = [`first-${project}@example.com`, `second-${project}@example.com`];
  for (const reader of readers) await subscribeConfirmed(api, reader);

  const tab = await openAdminTab(page, 'milestones');
  const dialog = await openDialog(
    page,
    tab.panel.getByRole('button', { name: 'Add New Milestone', exact: true }),
    'Add New Milestone',
  );
  const box = dialog.getByRole('checkbox', { name: MAIL_BOX });
  await expect(box).not.toBeChecked();
  await expect(box).toHaveAccessibleDescription(
    'Sent once, to 2 confirmed subscribers; edits are not mailed.',
  );

  await dialog.getByRole('textbox', { name: 'Title' }).pressSequentially(TITLE);
  await dialog.getByRole('textbox', { name: 'Description' }).pressSequentially(DESCRIPTION);
  await fillDate(dialog.getByRole('textbox', { name: 'Date' }), '2024-02-10');
  const day = dialog.getByRole('textbox', { name: 'Day' });
  await day.clear();
  await day.pressSequentially('41');
  await box.check();
  await expect(box).toBeChecked();
  await axe();
  await screenshots(page, 'milestone-mail-dialog');

  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Milestone added');
  await expect(dialog).toBeHidden();
  const [milestone] = await listMilestones(api);
  expect(milestone).toMatchObject({ title: TITLE });

  // Each confirmed reader gets it, with the link to its page made absolute.
  for (const reader of readers) {
    const mail = await outboxMessage(api, reader, new RegExp(`^${TITLE}$`));
    expect(mail.text).toContain(DESCRIPTION);
    expect(mail.text).toContain(`/milestones/${milestone!.id}-first-paying-customer`);
  }
  await expect(tab.panel.getByRole('img', { name: 'Mailed to subscribers' })).toBeVisible();

  // The Newsletter tab lists its broadcast, marked as a milestone's, sending or sent.
  await page.goto('/admin?tab=newsletter');
  const panel = page.getByRole('tabpanel', { name: 'Newsletter', exact: true });
  const row = panel
    .getByRole('table', { name: 'Broadcasts', exact: true })
    .getByRole('row')
    .filter({ has: page.getByText(TITLE, { exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Milestone', { exact: true })).toBeVisible();
  await expect(row.getByText(/^(Sending|Sent)$/)).toBeVisible();
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 15_000 });
  await row.scrollIntoViewIfNeeded();
  await axe();
  await screenshots(page, 'milestone-mail-broadcasts');

  // An edit: the dialog says when it was mailed, has no box, and mails nothing.
  const edited = await openAdminTab(page, 'milestones');
  const editDialog = await openDialog(page, edited.edit(`${TITLE} (day 41)`), 'Edit Milestone');
  await expect(editDialog.getByText(/^Mailed to subscribers on \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(editDialog.getByRole('checkbox', { name: MAIL_BOX })).toHaveCount(0);
  await axe();
  await screenshots(page, 'milestone-mail-edit');
  const description = editDialog.getByRole('textbox', { name: 'Description' });
  await description.clear();
  await description.pressSequentially('A stranger paid for the app, twice.');
  await editDialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Milestone updated');
  await expect(editDialog).toBeHidden();

  // Still one broadcast, and one mail per reader.
  await page.waitForTimeout(1_000);
  const broadcasts = await listBroadcasts(api);
  expect(broadcasts.map((broadcast) => [broadcast.subject, broadcast.origin])).toEqual([
    [TITLE, 'milestone'],
  ]);
  const outbox = await listOutbox(api);
  for (const reader of readers)
    expect(
      outbox.filter((message) => message.recipient === reader && message.subject === TITLE),
    ).toHaveLength(1);
});

test('left unticked, a milestone is added without any mail', async ({ adminPage: page, api }) => {
  await subscribeConfirmed(api, `quiet-${test.info().project.name}@example.com`);
  const tab = await openAdminTab(page, 'milestones');
  const dialog = await openDialog(
    page,
    tab.panel.getByRole('button', { name: 'Add New Milestone', exact: true }),
    'Add New Milestone',
  );
  await dialog.getByRole('textbox', { name: 'Title' }).pressSequentially('Quiet milestone');
  await dialog.getByRole('textbox', { name: 'Description' }).pressSequentially('Nobody hears of this one.');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Milestone added');
  expect(await listBroadcasts(api)).toEqual([]);
  await expect(tab.panel.getByRole('img', { name: 'Mailed to subscribers' })).toHaveCount(0);
});
