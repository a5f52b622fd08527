import { expect, test } from './admin-server';
import { failWith500, openDialog, SAVE_FAILURE_LOGS, sourceButton } from './admin-dialogs';
import { testAddEditDelete, testFailedSave } from './admin-crud';
import type { EntityDescriptor } from './admin-entity';
import { openAdminTab } from './admin-tabs';
import { createRevenue, finalAmount, listRevenue, toasts } from './support';

// Every test here starts on a database as a fresh install has it (admin-server.ts): no revenue.

const EMPTY = 'No revenue yet. Add the first entry.';

const revenue: EntityDescriptor = {
  key: 'revenue',
  title: 'revenue: add with validation, edit, delete, and the tracker follows',
  name: 'Revenue',
  fields: { Amount: 'text', Source: 'select', Description: 'text', Date: 'date' },
  columns: ['Source', 'Amount', 'Description', 'Date', 'Provenance', 'Actions'],
  rowsWithRecord: '1 row',
  records: listRevenue,
  async expectInitialTable(tab) {
    await expect(tab.rowCount).toHaveText('0 rows');
    await expect(tab.panel.getByText(EMPTY, { exact: true })).toBeVisible();
  },
  add: {
    options: { Source: ['AI Projects', 'Passive Income', 'Consulting'] },
    invalid: [
      {
        fill: {},
        shown: ['Amount is required.', 'Description must be at least 5 characters.'],
        invalid: ['Amount'],
      },
      {
        fill: { Amount: '1250.5', Description: 'Tiny' },
        shown: ['Description must be at least 5 characters.'],
        hidden: ['Amount is required.'],
      },
    ],
    fill: { Description: 'Consulting retainer for March', Source: 'Consulting', Date: '2024-03-15' },
    clearedMessages: ['Description must be at least 5 characters.'],
    toastText: 'Your revenue entry has been added successfully.',
    record: {
      label: '$1,250.50 from Mar 15, 2024',
      rowText: 'Consulting retainer for March',
      cells: [
        'Consulting',
        '$1,250.50',
        'Consulting retainer for March',
        'Mar 15, 2024',
        'Self-reported',
        '',
      ],
      stored: { amount: '1250.50', source: 'consulting', description: 'Consulting retainer for March' },
    },
    readBack: {
      Amount: '1,250.50',
      Source: 'consulting',
      Description: 'Consulting retainer for March',
      Date: '2024-03-15',
    },
  },
  edit: {
    abandoned: { Description: 'Changed, then abandoned' },
    invalid: { fill: { Description: 'Tiny' }, shown: ['Description must be at least 5 characters.'] },
    fill: { Amount: '2000', Source: 'AI Projects', Description: 'First AI app sales', Date: '2024-04-01' },
    record: {
      label: '$2,000.00 from Apr 1, 2024',
      rowText: 'First AI app sales',
      cells: ['AI', '$2,000.00', 'First AI app sales', 'Apr 1, 2024', 'Self-reported', ''],
      stored: { amount: '2000.00', source: 'ai', description: 'First AI app sales' },
    },
    readBack: { Amount: '2,000.00', Source: 'ai', Description: 'First AI app sales', Date: '2024-04-01' },
  },
  async expectOnSite(page, step) {
    const totals = {
      added: { 'All Revenue': '$1,250.50', Consulting: '$1,250.50', 'AI Projects': '$0.00' },
      edited: { 'AI Projects': '$2,000.00', Consulting: '$0.00' },
      deleted: { 'All Revenue': '$0.00' },
    }[step];
    await expect(finalAmount(page)).toHaveText(
      { added: '$1,250.50', edited: '$2,000.00', deleted: '$0.00' }[step],
    );
    for (const [label, amount] of Object.entries(totals))
      await expect(sourceButton(page, label, amount)).toBeVisible();
  },
};

test.describe('admin panel', () => {
  testAddEditDelete(revenue);
  testFailedSave(revenue, { Amount: '99', Description: 'Will not be saved' });

  test('more than 25 rows page with Next and Previous', async ({ adminPage: page, api }) => {
    for (let index = 1; index <= 30; index++) {
      const day = String(index).padStart(2, '0');
      await createRevenue(api, {
        amount: String(index * 10),
        source: 'ai',
        description: `Entry ${day}`,
        date: `2024-01-${day}`,
      });
    }
    const revenue = await openAdminTab(page, 'revenue');
    const descriptions = revenue.rows.locator('td:nth-child(3)');
    const entries = (from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, offset) => `Entry ${String(from - offset).padStart(2, '0')}`);

    await expect(revenue.rowCount).toHaveText('30 rows');
    await expect(revenue.pageOf).toHaveText('Page 1 of 2');
    await expect(descriptions).toHaveText(entries(30, 6));
    await expect(revenue.previous).toBeDisabled();
    await expect(revenue.next).toBeEnabled();

    await revenue.next.click();
    await expect(revenue.pageOf).toHaveText('Page 2 of 2');
    await expect(descriptions).toHaveText(entries(5, 1));
    await expect(revenue.next).toBeDisabled();
    await expect(revenue.previous).toBeEnabled();

    await revenue.previous.click();
    await expect(revenue.pageOf).toHaveText('Page 1 of 2');
    await expect(descriptions).toHaveText(entries(30, 6));
    await expect(revenue.previous).toBeDisabled();

    // A new sort or filter starts again from the first page.
    await revenue.next.click();
    await expect(revenue.pageOf).toHaveText('Page 2 of 2');
    await revenue.sortBy('Amount').click();
    await expect(revenue.pageOf).toHaveText('Page 1 of 2');
    await expect(revenue.rows.locator('td:nth-child(2)').first()).toHaveText('$10.00');

    await revenue.next.click();
    await expect(revenue.pageOf).toHaveText('Page 2 of 2');
    await revenue.filter.fill('Entry 1');
    await expect(revenue.rowCount).toHaveText('10 rows');
    await expect(revenue.pageOf).toHaveText('Page 1 of 1');
    await expect(revenue.next).toBeDisabled();
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [SAVE_FAILURE_LOGS] });

    test('a failed update shows the Error toast and keeps the record', async ({ adminPage: page, api }) => {
      await createRevenue(api, {
        amount: '42',
        source: 'ai',
        description: 'Kept as it is',
        date: '2024-05-05',
      });
      const revenue = await openAdminTab(page, 'revenue');
      const dialog = await openDialog(page, revenue.edit('$42.00 from May 5, 2024'), 'Edit Revenue');
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Never stored');
      await failWith500(page, 'revenue.update');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();

      const toast = toasts(page).filter({ hasText: 'Error' });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText('There was a problem updating your revenue entry.');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('Never stored');
      await dialog.getByRole('button', { name: 'Close dialog' }).click();
      await expect(revenue.rows.locator('td:nth-child(3)')).toHaveText(['Kept as it is']);
    });
  });
});
