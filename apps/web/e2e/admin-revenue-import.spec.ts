import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './admin-server';
import { openAdminTab } from './admin-tabs';
import { expectToast, stillness } from './support';

// The API tests' Stripe fixture: 5 rows to add ($1,770.89, its euro payment at Stripe's converted amount), a refunded and a failed row left out.
const STRIPE_EXPORT = path.resolve(import.meta.dirname, '../../api/test/fixtures/imports/stripe.csv');
// Gumroad's sales export as it writes it: 'Purchase Time (UTC timezone)' as '2024-06-01 14:30:00 UTC' and a
// last 'Totals' row; 4 rows to add ($119.99), a refunded, a charged back and a free one left out.
const GUMROAD_EXPORT = path.resolve(import.meta.dirname, '../../api/test/fixtures/imports/gumroad.csv');

test('imports a Stripe export, finds every row a duplicate the second time, and undoes the import', async ({
  adminPage: page,
  axe,
}) => {
  test.setTimeout(90_000); // two imports, an undo, three dialogs scanned by axe
  const tab = await openAdminTab(page, 'revenue');
  const dialog = page.getByRole('dialog', { name: 'Import CSV', exact: true });
  const preview = dialog.getByRole('region', { name: 'Import preview', exact: true });

  const choose = async () => {
    await tab.panel.getByRole('button', { name: 'Import CSV', exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Provider' }).selectOption('stripe');
    await dialog.getByRole('combobox', { name: 'Source' }).selectOption('passive');
    await dialog.locator('input[type="file"]').setInputFiles(STRIPE_EXPORT);
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  };

  await choose();
  // The euro payment counts at Stripe's own converted amount, $86.40.
  await expect(preview).toContainText('To add: 5 ($1,770.89)');
  await expect(preview).toContainText('Duplicates already imported: 0');
  await expect(preview).toContainText(
    'Skipped (refunded, failed, free, no exchange rate or a summary row): 2',
  );
  await expect(preview.getByRole('row', { name: '4 Skipped Refunded.' })).toBeVisible();
  await expect(preview.getByRole('row', { name: /^6 .*\$86\.40/ })).toBeVisible();
  /** axe on a dialog once it stands still, then its button. */
  const checkThenPress = async (scope: Locator, button: string) => {
    await stillness(scope);
    await axe();
    await scope.getByRole('button', { name: button, exact: true }).click();
  };

  await checkThenPress(dialog, 'Import 5 entries');
  await expectToast(page, 'Import complete', '5 entries ($1,770.89) were added.');
  await expect(dialog.getByRole('table', { name: 'Past imports' })).toContainText('5');
  await dialog.getByRole('button', { name: 'Close dialog', exact: true }).click();
  await expect(tab.rowCount).toHaveText('5 rows');
  await expect(tab.row('Stripe: Pro plan, annual')).toBeVisible();

  await choose();
  await expect(preview).toContainText('To add: 0 ($0.00)');
  await expect(preview).toContainText('Duplicates already imported: 5');
  await expect(dialog.getByRole('button', { name: 'Import 0 entries', exact: true })).toBeDisabled();

  await dialog.getByRole('button', { name: /^Undo Stripe import #\d+$/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo this import?', exact: true });
  await expect(confirm).toContainText('This deletes the 5 entries it added ($1,770.89)');
  await checkThenPress(confirm, 'Undo import');
  await expectToast(page, 'Import undone', '5 entries ($1,770.89) were removed.');
  await expect(dialog.getByRole('table', { name: 'Past imports' })).toContainText('Undone');
  await dialog.getByRole('button', { name: 'Close dialog', exact: true }).click();
  await expect(tab.rowCount).toHaveText('0 rows');
});

test('lists the rows a Gumroad export would add, as Gumroad writes them, and leaves its Totals row out', async ({
  adminPage: page,
  axe,
}) => {
  test.setTimeout(90_000); // an import, axe, and four full-page screenshots
  const tab = await openAdminTab(page, 'revenue');
  await tab.panel.getByRole('button', { name: 'Import CSV', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV', exact: true });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption('gumroad');
  await dialog.locator('input[type="file"]').setInputFiles(GUMROAD_EXPORT);
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();

  const preview = dialog.getByRole('region', { name: 'Import preview', exact: true });
  await expect(preview).toContainText('To add: 4 ($119.99)');
  const toAdd = preview.getByRole('table', { name: 'Rows to add', exact: true });
  await expect(toAdd.getByRole('columnheader')).toHaveText([
    'Line',
    'Date',
    'Amount',
    'Description (transaction id)',
  ]);
  const rows = toAdd.locator('tbody').getByRole('row');
  const listed = [
    ['2', 'Jun 1, 2024', '$25.00', 'Gumroad sale: Design kit, v2AbC1xYz0001=='],
    ['3', 'Jun 2, 2024', '$9.99', 'Gumroad sale: EbookAbC1xYz0002=='],
    ['5', 'Jun 4, 2024', '$70.00', 'Gumroad sale: Course (net of a 30.00 refund)AbC1xYz0004=='],
    ['7', 'Jun 6, 2024', '$15.00', 'Gumroad sale: TemplatesAbC1xYz0006=='],
  ];
  await expect(rows).toHaveCount(listed.length);
  for (const [index, cells] of listed.entries()) {
    await expect(rows.nth(index).getByRole('cell')).toHaveText(cells);
  }
  await expect(
    preview.getByRole('row', { name: '9 Skipped Summary row ("Totals"), not a sale.' }),
  ).toBeVisible();
  await stillness(dialog);
  await axe();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`import-preview-${scheme}.png`), fullPage: true });
  }

  await dialog.getByRole('button', { name: 'Import 4 entries', exact: true }).click();
  await expectToast(page, 'Import complete', '4 entries ($119.99) were added.');
  await dialog.getByRole('button', { name: 'Close dialog', exact: true }).click();
  await expect(tab.row('Gumroad sale: Design kit, v2').getByRole('cell').nth(4)).toHaveText(
    'Imported from Gumroad',
  );
});

test('a newer Stripe export corrects what was refunded since, saying so before it does', async ({
  adminPage: page,
  axe,
}, testInfo) => {
  test.setTimeout(90_000);
  const tab = await openAdminTab(page, 'revenue');
  const dialog = page.getByRole('dialog', { name: 'Import CSV', exact: true });
  const preview = dialog.getByRole('region', { name: 'Import preview', exact: true });
  const choose = async (file: string) => {
    await tab.panel.getByRole('button', { name: 'Import CSV', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Provider' }).selectOption('stripe');
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  };
  await choose(STRIPE_EXPORT);
  await dialog.getByRole('button', { name: 'Import 5 entries', exact: true }).click();
  const first = await expectToast(page, 'Import complete', '5 entries ($1,770.89) were added.');
  // The correction below shows a toast with this title: dismissed now, the two cannot be confused.
  await first.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(first).toBeHidden();
  await dialog.getByRole('button', { name: 'Close dialog', exact: true }).click();

  // A month later the annual plan was refunded in full and the call in part ($50 of $250).
  const newer = testInfo.outputPath('stripe-newer.csv');
  writeFileSync(
    newer,
    readFileSync(STRIPE_EXPORT, 'utf8')
      .replace(
        '120.00,0.00,usd,120.00,0.00,3.78,0.00,usd,Live,Paid',
        '120.00,120.00,usd,120.00,120.00,3.78,0.00,usd,Live,Refunded',
      )
      .replace(
        '250.00,0.00,usd,250.00,0.00,7.55,0.00,usd,Live,Paid',
        '250.00,50.00,usd,250.00,50.00,7.55,0.00,usd,Live,Paid',
      ),
  );
  await choose(newer);
  await expect(preview).toContainText('To correct (imported before, refunded since): 2');
  await expect(preview).toContainText('Duplicates already imported: 3');
  const changes = preview.getByRole('table', { name: 'Entries to correct', exact: true });
  await expect(
    changes.getByRole('row', { name: /^2 ch_3OaA1aJourney0001 Refunded in full: \$120\.00 deleted$/ }),
  ).toBeVisible();
  await expect(
    changes.getByRole('row', { name: /^3 ch_3OaA1aJourney0002 Refunded in part: \$250\.00 → \$200\.00$/ }),
  ).toBeVisible();
  await stillness(dialog);
  await axe();
  await dialog.getByRole('button', { name: 'Correct 2 entries', exact: true }).click();
  await expectToast(
    page,
    'Import complete',
    '0 entries ($0.00) were added. 2 imported before were corrected.',
  );
  await dialog.getByRole('button', { name: 'Close dialog', exact: true }).click();
  await expect(tab.rowCount).toHaveText('4 rows');
  await expect(tab.row('Stripe: Pro plan, annual')).toHaveCount(0);
  await expect(tab.row('Stripe: Consulting call (net of a 50.00 refund)')).toContainText('$200.00');
});
