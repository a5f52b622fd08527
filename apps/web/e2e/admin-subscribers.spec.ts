import { expect, test } from './admin-server';
import { deleteThroughDialog, openAdminTab, tabOf } from './admin-tabs';
import { listSubscribers, section, shortDate, subscribe } from './support';

// Every test here starts with no subscribers (admin-server.ts).

const CONSENT = 'I agree to receive updates about the journey by email. Unsubscribe any time.';
const THANKS =
  "Thanks for joining! You'll receive updates soon. Please check your inbox to confirm your address.";
const CSV_PATH = '/api/admin/subscribers.csv';
const CSV_HEADER = 'email,consent,subscribed_on,status,confirmed_on,consent_version\r\n';

test.describe('admin: subscribers', () => {
  test('a visitor signs up; the admin sees the row, exports the CSV and deletes the subscriber', async ({
    page,
    context,
    adminServer,
    api,
    request,
  }) => {
    const email = 'first.reader@example.com';

    // The visitor, not signed in.
    await page.goto('/');
    const contact = section(page, 'Join The Journey');
    await contact.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
    await contact.getByRole('checkbox', { name: CONSENT, exact: true }).check();
    await contact.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(contact.getByRole('status')).toHaveText(THANKS);

    const [stored] = await listSubscribers(api);
    expect(stored).toEqual(
      expect.objectContaining({ email, consent: 1, status: 'pending', consentVersion: 'v1' }),
    );

    // The admin.
    await context.addCookies(adminServer.cookies);
    const subscribers = await openAdminTab(page, 'subscribers');
    await expect(subscribers.rowCount).toHaveText('1 row');
    // A pending sign-up is not a reader: the list's size counts confirmed addresses only.
    await expect(subscribers.panel.getByTestId('subscriber-counts')).toHaveText(
      '0 confirmed readers · 1 awaiting confirmation (erased after 30 days) · 0 unsubscribed',
    );
    await expect(subscribers.table.getByRole('columnheader')).toHaveText([
      'Email',
      'Status',
      'Consent',
      'Subscribed on',
      'Confirmed on',
      'Actions',
    ]);
    await expect(subscribers.rows.first().getByRole('cell')).toHaveText([
      email,
      'Pending',
      'Yes (v1)',
      shortDate(stored!.createdAt),
      '–',
      '',
    ]);
    await expect(subscribers.remove(email)).toBeVisible();
    await expect(subscribers.panel.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(subscribers.panel.getByRole('button', { name: /^Add / })).toHaveCount(0);

    // Export CSV: a download link the browser fetches with the admin's cookies.
    const exportLink = subscribers.panel.getByRole('link', { name: 'Export CSV', exact: true });
    await expect(exportLink).toHaveAttribute('href', CSV_PATH);
    await expect(exportLink).toHaveAttribute('download');
    const csv = await page.request.get((await exportLink.getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers()['content-disposition']).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(await csv.text()).toBe(`${CSV_HEADER}${email},1,${stored!.createdAt},pending,,v1\r\n`);

    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);

    // Nobody else gets it.
    expect((await request.get(CSV_PATH)).status(), 'an anonymous export is refused').toBe(401);

    // Delete: Cancel keeps the subscriber, Delete removes it.
    await deleteThroughDialog(page, 'subscribers', email);
    await expect(subscribers.rowCount).toHaveText('0 rows');
    await expect(subscribers.panel.getByTestId('subscriber-counts')).toHaveText(
      '0 confirmed readers · 0 awaiting confirmation (erased after 30 days) · 0 unsubscribed',
    );
    await expect(
      subscribers.panel.getByText('No subscribers yet. They appear when visitors join the newsletter.', {
        exact: true,
      }),
    ).toBeVisible();
    expect(await listSubscribers(api)).toEqual([]);
    expect(await (await page.request.get(CSV_PATH)).text(), 'the export follows').toBe(CSV_HEADER);
  });

  test('the subscribers table sorts, filters and counts each address once', async ({
    adminPage: page,
    api,
  }) => {
    for (const email of ['bravo@example.com', 'alpha@example.com', 'charlie@example.org']) {
      await subscribe(api, email);
    }
    // Signing up again adds no row (docs/decisions/040-newsletter-delivery.md).
    await subscribe(api, 'alpha@example.com');

    const subscribers = await openAdminTab(page, 'subscribers');
    const emails = subscribers.rows.locator('td:nth-child(1)');
    await expect(subscribers.rowCount).toHaveText('3 rows');
    await expect(subscribers.header('Subscribed on')).toHaveAttribute('aria-sort', 'descending');
    await expect(emails).toHaveText(['charlie@example.org', 'alpha@example.com', 'bravo@example.com']);

    await subscribers.sortBy('Email').click();
    await expect(subscribers.header('Email')).toHaveAttribute('aria-sort', 'ascending');
    await expect(subscribers.header('Subscribed on')).not.toHaveAttribute('aria-sort');
    await expect(emails).toHaveText(['alpha@example.com', 'bravo@example.com', 'charlie@example.org']);
    await subscribers.sortBy('Email').click();
    await expect(subscribers.header('Email')).toHaveAttribute('aria-sort', 'descending');
    await expect(emails).toHaveText(['charlie@example.org', 'bravo@example.com', 'alpha@example.com']);

    await expect(subscribers.filter).toBeVisible();
    await subscribers.filter.fill('example.org');
    await expect(subscribers.rowCount).toHaveText('1 row');
    await expect(emails).toHaveText(['charlie@example.org']);
    await subscribers.filter.fill('nobody');
    await expect(subscribers.panel.getByText('Nothing matches the filter.', { exact: true })).toBeVisible();
    await subscribers.filter.fill('');
    await expect(subscribers.rowCount).toHaveText('3 rows');

    // The export lists each address once, oldest first.
    const csv = await (await page.request.get(CSV_PATH)).text();
    expect(csv.split('\r\n').map((line) => line.split(',')[0])).toEqual([
      'email',
      'bravo@example.com',
      'alpha@example.com',
      'charlie@example.org',
      '',
    ]);
    await expect(tabOf(page, 'subscribers').tab).toHaveAttribute('aria-selected', 'true');
  });
});
