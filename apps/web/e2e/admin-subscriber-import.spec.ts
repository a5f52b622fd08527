import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from './admin-server';
import { openAdminTab } from './admin-tabs';
import { expectToast, stillness } from './support';

// The subscriber import and a reader's export (docs/decisions/096-subscriber-import.md). Every test
// here starts with no subscribers (admin-server.ts).

test('imports a Mailchimp export: evidence kept, a confirmation for the other; exports one reader', async ({
  adminPage: page,
  axe,
}) => {
  test.setTimeout(90_000); // a preview, an import, axe twice and four screenshots
  const file = test.info().outputPath('mailchimp.csv');
  writeFileSync(
    file,
    [
      '"Email Address","First Name","Last Name",MEMBER_RATING,OPTIN_TIME,OPTIN_IP,CONFIRM_TIME,CONFIRM_IP,LEID,EUID',
      'ada@example.com,Ada,Lovelace,4,"2024-03-01 09:58:00",203.0.113.7,"2024-03-01 10:00:00",203.0.113.8,1,a1',
      'grace@example.com,Grace,Hopper,2,"2024-04-02 08:00:00",,,,2,b2',
      'not-an-address,,,1,,,,,3,c3',
    ].join('\n'),
  );
  const tab = await openAdminTab(page, 'subscribers');
  await expect(tab.rowCount).toHaveText('0 rows');
  const dialog = page.getByRole('dialog', { name: 'Import subscribers', exact: true });
  const preview = dialog.getByRole('region', { name: 'Import preview', exact: true });
  await tab.panel.getByRole('button', { name: 'Import CSV', exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Format' })).toHaveValue('mailchimp');
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();

  await expect(preview).toContainText('To add: 2');
  await expect(preview).toContainText('Confirmed, with their evidence: 1');
  await expect(preview).toContainText('Pending, each sent one confirmation mail: 1');
  await expect(preview).toContainText('Errors: 1');
  await expect(preview.getByRole('table', { name: 'Rows in error', exact: true })).toContainText(
    '"not-an-address" is not a valid email address.',
  );
  await expect(preview).toContainText('confirmed 2024-03-01T10:00:00.000Z from 203.0.113.8');
  // A file with a row in error stores nothing: its import cannot be started.
  await expect(dialog.getByRole('button', { name: 'Import 2 addresses', exact: true })).toBeDisabled();
  await stillness(dialog);
  await axe();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: test.info().outputPath(`subscriber-import-${scheme}.png`),
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The same file without the bad row.
  const fixed = test.info().outputPath('mailchimp-fixed.csv');
  writeFileSync(fixed, readLinesWithout(file, 'not-an-address'));
  await dialog.locator('input[type="file"]').setInputFiles(fixed);
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(preview).toContainText('Errors: 0');
  await dialog.getByRole('button', { name: 'Import 2 addresses', exact: true }).click();
  await expectToast(page, 'Import complete', '2 addresses added; 1 confirmation mail queued.');
  await dialog.getByRole('button', { name: 'Close dialog', exact: true }).click();
  // axe reads a dialog still fading out as text without contrast.
  await expect(dialog).toBeHidden();

  await expect(tab.rowCount).toHaveText('2 rows');
  await expect(tab.row('ada@example.com').getByRole('cell').nth(1)).toHaveText('Confirmed');
  await expect(tab.row('grace@example.com').getByRole('cell').nth(1)).toHaveText('Pending');
  await axe();

  // A reader's export: a JSON download of everything kept for the address.
  const link = tab.panel.getByRole('link', { name: 'Export the data of ada@example.com', exact: true });
  const answer = await page.request.get((await link.getAttribute('href'))!);
  expect(answer.status()).toBe(200);
  const data = (await answer.json()) as { subscriber: { email: string; consentSource: string } };
  expect(data.subscriber.email).toBe('ada@example.com');
  expect(data.subscriber.consentSource).toMatch(/^mailchimp import: opted in/);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^subscriber-\d+\.json$/);
});

function readLinesWithout(file: string, text: string): string {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.includes(text))
    .join('\n');
}
