import type { Locator, Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { openCostsTab, typeInto } from './admin-costs-tab';
import { listExperiments } from './records';
import { onEachScreen } from './screens';
import { expectToast, gotoHydrated, stillness, toasts, uniqueTag } from './support';

// docs/decisions/084-ledger-commitments.md, "Costs in the ledger": a cost's edit and delete with reasons,
// its history, undo, 'Recently deleted' and the public ledger, as a revenue entry's (decision 043).
// The shared reset deletes the costs a test before it left, so its cost's row labels are its own; it
// finds its cost among the deleted ones by a description of its own.

interface LedgerRow {
  entity: string;
  entryId: number | null;
  field: string;
  old: string | null;
  new: string | null;
  reason: string | null;
}

const changesIn = (dialog: Locator) => dialog.getByRole('list', { name: 'Changes, newest first' });

/** Undoes the last change from an open history, with `reason` when given, and waits for its toast. */
async function undoLastChange(page: Page, history: Locator, reason?: string) {
  await history.getByRole('button', { name: 'Undo last change', exact: true }).click();
  if (reason) await history.getByRole('textbox', { name: 'Reason (optional)' }).pressSequentially(reason);
  await history.getByRole('button', { name: 'Undo', exact: true }).click();
  const undone = await expectToast(page, 'Change undone');
  // A later undo shows a toast with this title: dismissed now, the two cannot be confused.
  await undone.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toasts(page)).toHaveCount(0);
  await expect(history).toBeHidden();
}

test('a cost edited and deleted with reasons: its history, undo, restore and the public ledger', async ({
  adminPage: page,
  api,
  axe,
}) => {
  test.setTimeout(150_000); // typed forms, two undos, axe three times, eight screenshots and the ledger's check
  const description = `Hosting bill ${uniqueTag(test.info().project.name)}`;
  const [experiment] = await listExperiments(api);
  if (!experiment) throw new Error('the database is seeded with experiments');
  const tab = await openCostsTab(page);

  // Added through the dialog, typed key by key.
  await tab.panel.getByRole('button', { name: 'Add New Cost', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add New Cost', exact: true });
  await typeInto(add.getByRole('textbox', { name: 'Amount (USD)' }), '37.21');
  const date = add.getByRole('textbox', { name: 'Date' });
  await typeInto(date, '2024-02-03');
  await date.blur();
  await add.getByRole('combobox', { name: 'Category' }).selectOption('hosting');
  await add.getByRole('textbox', { name: 'Description' }).pressSequentially(description);
  await add.getByRole('combobox', { name: 'Experiment' }).selectOption({ label: experiment.title });
  // A new cost has no reason to give: only an edit asks why.
  await expect(add.getByRole('textbox', { name: 'Reason (optional)' })).toHaveCount(0);
  await add.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Cost added');
  await expect(add).toBeHidden();
  const mine = tab.row(description);
  await expect(mine.getByRole('cell', { name: '$37.21', exact: true })).toBeVisible();

  // Edited with a reason.
  await tab.edit('$37.21 from Feb 3, 2024').click();
  const edit = page.getByRole('dialog', { name: 'Edit Cost', exact: true });
  await typeInto(edit.getByRole('textbox', { name: 'Amount (USD)' }), '42');
  await edit.getByRole('textbox', { name: 'Reason (optional)' }).pressSequentially('Invoice said 42');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Cost updated');
  await expect(edit).toBeHidden();
  await expect(mine.getByRole('cell', { name: '$42.00', exact: true })).toBeVisible();

  // The history lists both changes, newest first.
  await tab.panel
    .getByRole('button', { name: 'History of cost $42.00 from Feb 3, 2024', exact: true })
    .click();
  const history = page.getByRole('dialog', { name: 'History of cost $42.00 from Feb 3, 2024' });
  const items = changesIn(history)
    .getByRole('listitem')
    .filter({ has: page.locator('time') });
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Edited');
  await expect(items.nth(0)).toContainText('Amount: $37.21 → $42.00');
  await expect(items.nth(0)).toContainText('Reason: Invoice said 42');
  await expect(items.nth(0)).not.toContainText('Category:');
  await expect(items.nth(1)).toContainText('Created');
  await expect(items.nth(1)).toContainText('Amount: — → $37.21');
  await expect(items.nth(1)).toContainText('Category: — → Hosting');
  await expect(items.nth(1)).toContainText(`Description: — → “${description}”`);
  await expect(items.nth(1)).toContainText('Date: — → Feb 3, 2024');
  await expect(items.nth(1)).toContainText(`Experiment: — → ${experiment.title}`);
  await stillness(history);
  await axe();
  // The desktop project looks at it on both screens; the phone's project would take the same pictures.
  if (test.info().project.name === 'desktop') {
    await onEachScreen(page, async (screen) => {
      await stillness(history);
      await page.screenshot({ path: test.info().outputPath(`cost-history-${screen}.png`) });
    });
  }

  // Undo, with a reason, brings the amount back.
  await undoLastChange(page, history, 'Checked the bill');
  await expect(mine.getByRole('cell', { name: '$37.21', exact: true })).toBeVisible();

  // Deleted with a reason.
  await tab.remove('$37.21 from Feb 3, 2024').click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("You can restore it from 'Recently deleted'");
  await confirm.getByRole('textbox', { name: 'Reason (optional)' }).pressSequentially('Entered twice');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(mine).toHaveCount(0);

  // It waits under the table with its reason; undoing its delete restores it.
  const deleted = tab.panel.getByRole('table', { name: 'Recently deleted' });
  const gone = deleted.getByRole('row', {
    name: new RegExp(`\\$37\\.21 Hosting ${description} .* Entered twice`),
  });
  await expect(gone).toBeVisible();
  if (test.info().project.name === 'desktop') {
    await onEachScreen(page, async (screen) => {
      await page.screenshot({ path: test.info().outputPath(`costs-deleted-${screen}.png`), fullPage: true });
    });
  }
  await gone.getByRole('button', { name: 'History of cost $37.21 from Feb 3, 2024', exact: true }).click();
  const restore = page.getByRole('dialog', { name: 'History of cost $37.21 from Feb 3, 2024' });
  await expect(changesIn(restore).getByRole('listitem').first()).toContainText('Deleted');
  await expect(changesIn(restore)).toContainText('Reason: Entered twice');
  await stillness(restore);
  await axe();
  await undoLastChange(page, restore);
  await expect(mine.getByRole('cell', { name: '$37.21', exact: true })).toBeVisible();
  await expect(gone).toHaveCount(0);

  // The ledger published each write of the cost, with its reason.
  const costs = (await (await api.get('/api/admin/costs')).json()) as { id: number; description: string }[];
  const cost = costs.find((candidate) => candidate.description === description);
  if (!cost) throw new Error('the restored cost is listed');
  const ledger = (await (await api.get('/api/public/ledger.json')).json()) as { rows: LedgerRow[] };
  const rows = ledger.rows.filter((row) => row.entity === 'cost' && row.entryId === cost.id);
  expect(rows.map((row) => [row.field, row.reason]).slice(0, 4)).toEqual([
    ['created', null],
    ['amount', 'Invoice said 42'],
    ['amount', 'Checked the bill'],
    ['deleted', 'Entered twice'],
  ]);
  expect(rows[1]).toMatchObject({ old: '37.21', new: '42.00' });
  expect(JSON.parse(rows[0]!.new!)).toMatchObject({
    amount: '37.21',
    category: 'hosting',
    experiment: experiment.slug,
    provenance: 'manual',
  });

  // The public page checks the chain in the browser and says what the cost's rows did.
  await gotoHydrated(page, '/ledger');
  await expect(async () => {
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Chain intact' })).toContainText(
      /Chain intact: [\d,]+ rows?, head [0-9a-f]{12}…/,
      { timeout: 5_000 },
    );
  }).toPass({ timeout: 60_000 });
  const table = page.getByRole('table', { name: /Ledger rows, newest first/ });
  await expect(table).toContainText(
    `Created a cost: $37.21, Hosting, “${description}”, Feb 3, 2024, for experiment ${experiment.slug}, entered by hand`,
  );
  await expect(table).toContainText('Cost amount: $37.21 → $42.00');
  await expect(table).toContainText(`Deleted a cost: $37.21, Hosting, “${description}”`);
  await axe();
});
