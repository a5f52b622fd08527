import { writeFileSync } from 'node:fs';
import { expect, test } from './admin-server';
import { openCostsTab, typeInto } from './admin-costs-tab';
import { listExperiments } from './records';
import { expectToast, stillness } from './support';

// The Costs tab (docs/decisions/082-experiment-money.md). Each test starts without costs: the shared
// reset deletes them.

test('adds a cost typed key by key, edits it and deletes it', async ({ adminPage: page, api, axe }) => {
  const [experiment] = await listExperiments(api);
  if (!experiment) throw new Error('the database is seeded with experiments');
  const tab = await openCostsTab(page);
  await expect(tab.rowCount).toHaveText('0 rows');
  await expect(
    tab.panel.getByText('No costs yet. Add the first one or import a billing export.'),
  ).toBeVisible();

  await tab.panel.getByRole('button', { name: 'Add New Cost', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add New Cost', exact: true });
  await expect(add).toBeVisible();
  await add.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(add.getByText('Amount is required.', { exact: true })).toBeVisible();
  await expect(add.getByText('Description must be at least 2 characters.', { exact: true })).toBeVisible();

  await typeInto(add.getByRole('textbox', { name: 'Amount (USD)' }), '12.345');
  await add.getByRole('textbox', { name: 'Description' }).pressSequentially('Hosting for the arena');
  await add.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(add.getByText('Amount can have at most 2 decimal places.', { exact: true })).toBeVisible();

  await typeInto(add.getByRole('textbox', { name: 'Amount (USD)' }), '1250.5');
  const date = add.getByRole('textbox', { name: 'Date' });
  await typeInto(date, '2024-03-15');
  await date.blur();
  await expect(date).toHaveValue('2024-03-15');
  await add.getByRole('combobox', { name: 'Category' }).selectOption('hosting');
  await add.getByRole('combobox', { name: 'Experiment' }).selectOption({ label: experiment.title });
  await stillness(add);
  await axe();
  await add.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Cost added', 'Your cost has been added successfully.');
  await expect(add).toBeHidden();

  const added = tab.row('Hosting for the arena');
  await expect(added.getByRole('cell')).toHaveText([
    'Mar 15, 2024',
    '$1,250.50',
    'Hosting',
    'Hosting for the arena',
    experiment.title,
    '',
  ]);
  await expect(tab.rowCount).toHaveText('1 row');

  await tab.edit('$1,250.50 from Mar 15, 2024').click();
  const edit = page.getByRole('dialog', { name: 'Edit Cost', exact: true });
  await expect(edit.getByRole('textbox', { name: 'Amount (USD)' })).toHaveValue('1,250.50');
  await expect(edit.getByRole('combobox', { name: 'Experiment' })).toHaveValue(String(experiment.id));
  await typeInto(edit.getByRole('textbox', { name: 'Amount (USD)' }), '99');
  await typeInto(edit.getByRole('textbox', { name: 'Description' }), 'Design tool plan');
  await edit.getByRole('combobox', { name: 'Category' }).selectOption('tools');
  await edit.getByRole('combobox', { name: 'Experiment' }).selectOption({ label: 'None' });
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Cost updated');
  await expect(edit).toBeHidden();
  await expect(tab.row('Design tool plan').getByRole('cell')).toHaveText([
    'Mar 15, 2024',
    '$99.00',
    'Tools',
    'Design tool plan',
    '–',
    '',
  ]);

  // The category filter narrows the table, and shows the cost again under its own category.
  const filter = tab.panel.getByRole('combobox', { name: 'Show costs by category' });
  await filter.selectOption('hosting');
  await expect(tab.rowCount).toHaveText('0 rows');
  await filter.selectOption('tools');
  await expect(tab.rowCount).toHaveText('1 row');

  await tab.remove('$99.00 from Mar 15, 2024').click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(
    'This will delete this cost and publish the delete in the public ledger.',
  );
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(tab.rowCount).toHaveText('0 rows');
});

test('imports the generic file, finds it all imported the second time, and undoes it', async ({
  adminPage: page,
  api,
  axe,
}) => {
  test.setTimeout(90_000); // two previews, an import, an undo, axe and four screenshots
  const [experiment] = await listExperiments(api);
  if (!experiment) throw new Error('the database is seeded with experiments');
  const file = test.info().outputPath('costs.csv');
  writeFileSync(
    file,
    [
      'date,amount,description,category,experiment',
      '2025-01-05,20.00,Hosting for January,hosting,',
      `2025-01-06,"1,250.50",Design tool yearly plan,Tools,${experiment.title}`,
      '2025-01-07,9.99,Domain renewal,OTHER,',
    ].join('\n'),
  );
  const tab = await openCostsTab(page);
  const dialog = page.getByRole('dialog', { name: 'Import costs', exact: true });
  const preview = dialog.getByRole('region', { name: 'Import preview', exact: true });
  const choose = async () => {
    await tab.panel.getByRole('button', { name: 'Import CSV', exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Format' }).selectOption('generic');
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  };

  await choose();
  await expect(preview).toContainText('To add: 3 ($1,280.49)');
  await expect(preview).toContainText('Duplicates already imported: 0');
  await expect(preview).toContainText('Errors: 0');
  const rows = preview.getByRole('table', { name: 'Rows to add', exact: true }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await stillness(dialog);
  await axe();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`cost-import-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await dialog.getByRole('button', { name: 'Import 3 costs', exact: true }).click();
  await expectToast(page, 'Import complete', '3 costs ($1,280.49) were added.');
  await dialog.getByRole('button', { name: 'Close dialog', exact: true }).click();
  await expect(tab.rowCount).toHaveText('3 rows');
  await expect(tab.row('Design tool yearly plan').getByRole('cell').nth(4)).toHaveText(experiment.title);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`costs-tab-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await axe();

  await choose();
  await expect(preview).toContainText('To add: 0 ($0.00)');
  await expect(preview).toContainText('Duplicates already imported: 3');
  await expect(dialog.getByRole('button', { name: 'Import 0 costs', exact: true })).toBeDisabled();

  await dialog
    .getByRole('button', { name: /^Undo Generic import #\d+$/ })
    .first()
    .click();
  const confirm = page.getByRole('dialog', { name: 'Undo this import?', exact: true });
  await expect(confirm).toContainText('This deletes the 3 costs it added ($1,280.49)');
  await stillness(confirm);
  await confirm.getByRole('button', { name: 'Undo import', exact: true }).click();
  await expectToast(page, 'Import undone', '3 costs ($1,280.49) were removed.');
  await expect(dialog.getByRole('table', { name: 'Past imports' })).toContainText('Undone');
  await dialog.getByRole('button', { name: 'Close dialog', exact: true }).click();
  await expect(tab.rowCount).toHaveText('0 rows');
});
