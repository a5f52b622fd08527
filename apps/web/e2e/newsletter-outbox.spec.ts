import type { Locator, Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { signUpOnLanding, stillness } from './support';

/*
 * The whole newsletter on a fresh install, without SMTP_URL (docs/decisions/040-newsletter-delivery.md):
 * a reader signs up, the admin finds the confirmation mail in the outbox and follows its link, the
 * reader confirms, the admin sends a broadcast, and the reader leaves through its unsubscribe link.
 * Everything through the browser, as the owner trying it out would.
 */

async function newsletterTab(page: Page): Promise<Locator> {
  await page.goto('/admin?tab=newsletter');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const panel = page.getByRole('tabpanel', { name: 'Newsletter', exact: true });
  await expect(panel.getByRole('heading', { name: 'Outbox', exact: true })).toBeVisible();
  return panel;
}

/** Opens the outbox's message with this subject to `email`, and follows its link to `page`. */
async function followOutboxLink(
  panel: Locator,
  subject: string,
  email: string,
  page: 'confirm' | 'unsubscribe',
) {
  const outbox = panel.getByRole('list', { name: 'Messages in the outbox' });
  const message = outbox
    .getByRole('listitem')
    .filter({ hasText: subject })
    .filter({ hasText: `To ${email}` });
  // The outbox is read again every 2 s: the worker may write the mail a moment after the sign-up.
  await expect(message).toHaveCount(1, { timeout: 15_000 });
  await message.getByText(subject, { exact: true }).click();
  const link = message.getByRole('link', { name: new RegExp(`/newsletter/${page}\\?token=`) });
  await expect(link).toBeVisible();
  await link.click();
  await expect(panel.page()).toHaveURL(new RegExp(`/newsletter/${page}\\?token=`));
}

test.describe('the newsletter through the outbox', () => {
  test('sign up, confirm from the outbox, receive a broadcast and unsubscribe from it', async ({
    adminPage: page,
    axe,
  }) => {
    const email = 'outbox.reader@example.com';

    await signUpOnLanding(page, email);

    // The admin finds the confirmation mail in the outbox; its link opens the confirmation page.
    let panel = await newsletterTab(page);
    await expect(panel.getByText('SMTP is not configured', { exact: false })).toBeVisible();
    await axe();
    await followOutboxLink(panel, 'Confirm your subscription to Solo Unicorn', email, 'confirm');
    await page.getByRole('button', { name: 'Confirm subscription', exact: true }).click();
    await expect(page.getByRole('status')).toContainText("You're subscribed.");

    // The Subscribers tab shows the address confirmed, and its filter finds it.
    await page.goto('/admin?tab=subscribers');
    const subscribers = page.getByRole('tabpanel', { name: 'Subscribers', exact: true });
    await subscribers.getByRole('combobox', { name: 'Show subscribers by status' }).selectOption('confirmed');
    const rows = subscribers.getByRole('table', { name: 'Subscribers' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(email);
    await expect(rows.first()).toContainText('Confirmed');
    await subscribers.getByRole('combobox', { name: 'Show subscribers by status' }).selectOption('pending');
    await expect(subscribers.getByText('Nothing matches the filter.', { exact: false })).toBeVisible();

    // The admin writes and sends a broadcast; the dialog names the one confirmed subscriber.
    panel = await newsletterTab(page);
    await panel
      .getByRole('textbox', { name: 'Subject', exact: true })
      .pressSequentially('Day 42: first sale');
    await panel
      .getByRole('textbox', { name: 'Body', exact: true })
      .pressSequentially('We made **our first sale**.');
    await panel.getByRole('button', { name: 'Send to 1 subscriber', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: "Send 'Day 42: first sale' to 1 confirmed subscriber?" });
    await expect(dialog).toBeVisible();
    // Axe on a dialog still fading in reads its colours half-way (4.45:1 in one CI run).
    await stillness(dialog);
    await axe();
    await dialog.getByRole('button', { name: 'Send now', exact: true }).click();
    await expect(dialog).toBeHidden();
    const broadcasts = panel.getByRole('table', { name: 'Broadcasts' });
    await expect(broadcasts.locator('tbody tr').filter({ hasText: 'Day 42: first sale' })).toContainText(
      'Sent',
      {
        timeout: 15_000,
      },
    );

    // The reader's copy is in the outbox; its unsubscribe link leaves the list.
    await followOutboxLink(panel, 'Day 42: first sale', email, 'unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await expect(page.getByRole('status')).toContainText("You're unsubscribed.");
    await axe();

    await page.goto('/admin?tab=subscribers');
    await expect(
      page.getByRole('tabpanel', { name: 'Subscribers', exact: true }).locator('tbody tr').first(),
    ).toContainText('Unsubscribed');
  });
});
