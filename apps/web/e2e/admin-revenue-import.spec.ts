import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './admin-server';
import { openAdminTab } from './admin-tabs';
import { expectToast, stillness } from './support';

// The API tests' Stripe fixture: 4 rows to add ($1,684.49), a refunded, a failed and a EUR row left out.
const STRIPE_EXPORT = path.resolve(import.meta.dirname, '../../api/test/fixtures/imports/stripe.csv');

test('imports a Stripe export, finds every row a duplicate the second time, and undoes the import', async ({
  adminPage: page,
  axe,
}) => {
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
  await expect(preview).toContainText('To add: 4 ($1,684.49)');
  await expect(preview).toContainText('Duplicates already imported: 0');
  await expect(preview).toContainText('Skipped (refunded, failed or not USD): 3');
  await expect(preview.getByRole('row', { name: '4 Skipped Refunded.' })).toBeVisible();
  await expect(preview.getByRole('row', { name: '6 Skipped Currency EUR is not USD.' })).toBeVisible();
  /** axe on a dialog once it stands still, then its button. */
  const checkThenPress = async (scope: Locator, button: string) => {
    await stillness(scope);
    await axe();
    await scope.getByRole('button', { name: button, exact: true }).click();
  };

  await checkThenPress(dialog, 'Import 4 entries');
  await expectToast(page, 'Import complete', '4 entries ($1,684.49) were added.');
  await expect(dialog.getByRole('table', { name: 'Past imports' })).toContainText('4');
  await dialog.getByRole('button', { name: 'Close dialog', exact: true }).click();
  await expect(tab.rowCount).toHaveText('4 rows');
  await expect(tab.row('Stripe: Pro plan, annual')).toBeVisible();

  await choose();
  await expect(preview).toContainText('To add: 0 ($0.00)');
  await expect(preview).toContainText('Duplicates already imported: 4');
  await expect(dialog.getByRole('button', { name: 'Import 0 entries', exact: true })).toBeDisabled();

  await dialog.getByRole('button', { name: /^Undo Stripe import #\d+$/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo this import?', exact: true });
  await expect(confirm).toContainText('This deletes the 4 entries it added ($1,684.49)');
  await checkThenPress(confirm, 'Undo import');
  await expectToast(page, 'Import undone', '4 entries ($1,684.49) were removed.');
  await expect(dialog.getByRole('table', { name: 'Past imports' })).toContainText('Undone');
  await dialog.getByRole('button', { name: 'Close dialog', exact: true }).click();
  await expect(tab.rowCount).toHaveText('0 rows');
});
