import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { listSubscribers, outboxMessage, type OutboxMessage } from './records';
import { signUpOnLanding, uniqueTag } from './support';

/*
 * The links in newsletter mail, followed as a reader does (docs/decisions/040-newsletter-delivery.md):
 * the e2e servers have no SMTP_URL, so the confirmation mail lands in the admin's outbox, read here
 * through the API. Opening a link changes nothing; only the page's button does.
 */

/** The site-relative address of the mail's link to `page`. */
function linkIn(message: OutboxMessage, page: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`https?://[^/\\s]+(/newsletter/${page}\\?token=[A-Za-z0-9_%-]+)`).exec(
    message.text,
  );
  if (!match?.[1]) throw new Error(`no ${page} link in:\n${message.text}`);
  return match[1];
}

async function statusOf(api: APIRequestContext, email: string): Promise<string | undefined> {
  return (await listSubscribers(api)).find((subscriber) => subscriber.email === email)?.status;
}

/** Signs up a new address on the landing page and returns it with its confirmation mail. */
async function signUp(page: Page, api: APIRequestContext, prefix: string, testInfo: TestInfo) {
  const email = `${prefix}-${uniqueTag(testInfo.project.name)}@example.com`;
  await signUpOnLanding(page, email);
  return { email, mail: await outboxMessage(api, email, /^Confirm your subscription/) };
}

test.describe('newsletter links', () => {
  // A used link is a 400, which Chromium reports on the console.
  test.use({
    allowedConsoleErrors: [
      /^Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/,
    ],
  });

  test('the confirmation link opens a page whose button alone confirms, once', async ({
    page,
    adminRequest,
    axe,
  }, testInfo) => {
    const { email, mail } = await signUp(page, adminRequest, 'confirm', testInfo);
    expect(mail.subject).toBe('Confirm your subscription to Solo Unicorn');
    expect(await statusOf(adminRequest, email)).toBe('pending');

    // Until the script runs the button is disabled, so an early press is not silently lost.
    const served = await (await page.request.get(linkIn(mail, 'confirm'))).text();
    expect(served).toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Confirm subscription/s);

    await page.goto(linkIn(mail, 'confirm'));
    await expect(page).toHaveTitle('Confirm your subscription · Solo Unicorn');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
    const button = page.getByRole('button', { name: 'Confirm subscription', exact: true });
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await axe();
    // Opening the link, as a mail scanner does, confirmed nothing.
    expect(await statusOf(adminRequest, email)).toBe('pending');

    await button.click();
    await expect(page.getByRole('status')).toHaveText(
      "You're subscribed. Thanks for confirming: the next update will reach your inbox.",
    );
    expect(await statusOf(adminRequest, email)).toBe('confirmed');

    // The link is used up, and its holder is told the address is confirmed (decision 056).
    await page.reload();
    await page.getByRole('button', { name: 'Confirm subscription', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(
      "You're already subscribed: this address was confirmed before. The next update will reach your inbox.",
    );
    expect(await statusOf(adminRequest, email)).toBe('confirmed');
  });

  test('the unsubscribe link opens a page to leave, then to delete the address', async ({
    page,
    adminRequest,
    axe,
  }, testInfo) => {
    const { email, mail } = await signUp(page, adminRequest, 'leave', testInfo);

    await page.goto(linkIn(mail, 'unsubscribe'));
    await expect(page).toHaveTitle('Unsubscribe · Solo Unicorn');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await axe();
    expect(await statusOf(adminRequest, email)).toBe('pending');

    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await expect(page.getByRole('status')).toContainText("You're unsubscribed.");
    expect(await statusOf(adminRequest, email)).toBe('unsubscribed');

    await page.getByRole('button', { name: 'Delete my address', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Your address and everything kept with it have been deleted.',
    );
    await expect(page.getByRole('button', { name: 'Unsubscribe', exact: true })).toHaveCount(0);
    expect(await statusOf(adminRequest, email)).toBeUndefined();
    await axe();
  });

  test('a link cut short says so, and offers no button', async ({ page, axe }) => {
    for (const path of ['/newsletter/confirm', '/newsletter/unsubscribe']) {
      await page.goto(path);
      await expect(page.getByText('This link is incomplete', { exact: false })).toBeVisible();
      await expect(page.getByRole('button', { name: /Confirm subscription|Unsubscribe|Delete/ })).toHaveCount(
        0,
      );
      await axe();
    }
  });
});
