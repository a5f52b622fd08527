import { expect, test } from './admin-server';
import { openDialog } from './admin-dialogs';
import { openAdminTab } from './admin-tabs';
import { createRevenue, expectToast, gotoHydrated, stillness, toasts } from './support';

// docs/decisions/043-correction-ledger.md: reasons on edit and delete, the history, undo, the public ledger.

const KEPT = { amount: '300', source: 'ai', description: 'Kept and corrected', date: '2024-06-01' } as const;
const TWICE = { amount: '45', source: 'passive', description: 'Entered twice', date: '2024-06-02' } as const;

interface LedgerRow {
  entryId: number;
  field: string;
  old: string | null;
  new: string | null;
  reason: string | null;
}

test('an edit and a delete with reasons reach the ledger, and undo restores the values', async ({
  adminPage: page,
  api,
  axe,
}) => {
  const kept = await createRevenue(api, KEPT);
  const twice = await createRevenue(api, TWICE);
  const revenue = await openAdminTab(page, 'revenue');

  // Edit with a reason, typed key by key.
  const edit = await openDialog(page, revenue.edit('$300.00 from Jun 1, 2024'), 'Edit Revenue');
  const amount = edit.getByRole('textbox', { name: 'Amount' });
  await amount.clear();
  await amount.pressSequentially('350');
  await edit.getByRole('textbox', { name: 'Reason (optional)' }).pressSequentially('Invoice said 350');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Revenue updated');
  await expect(revenue.row('$350.00')).toBeVisible();

  // Delete with a reason.
  await revenue.remove('$45.00 from Jun 2, 2024').click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await confirm.getByRole('textbox', { name: 'Reason (optional)' }).pressSequentially('Entered twice');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(revenue.row('$45.00')).toHaveCount(0);

  const ledger = (await (await api.get('/api/public/ledger.json')).json()) as { rows: LedgerRow[] };
  const mine = ledger.rows.filter((row) => row.entryId === kept.id || row.entryId === twice.id);
  expect(mine.map((row) => [row.entryId, row.field, row.old, row.new, row.reason])).toEqual([
    [kept.id, 'amount', '300.00', '350.00', 'Invoice said 350'],
    [twice.id, 'amount', '45.00', null, 'Entered twice'],
    [twice.id, 'source', 'passive', null, 'Entered twice'],
    [twice.id, 'description', 'Entered twice', null, 'Entered twice'],
    [twice.id, 'date', '2024-06-02T00:00:00.000Z', null, 'Entered twice'],
  ]);

  // The history lists the edit with its reason; undo brings the amount back.
  await revenue.panel
    .getByRole('button', { name: 'History of revenue entry $350.00 from Jun 1, 2024', exact: true })
    .click();
  const history = page.getByRole('dialog', { name: 'History of revenue entry $350.00 from Jun 1, 2024' });
  const changes = history.getByRole('list', { name: 'Changes, newest first' });
  await expect(changes.getByRole('listitem').first()).toContainText('Edited');
  await expect(changes).toContainText('Amount: $300.00 → $350.00');
  await expect(changes).toContainText('Reason: Invoice said 350');
  await stillness(history);
  await axe();

  await history.getByRole('button', { name: 'Undo last change', exact: true }).click();
  await history.getByRole('textbox', { name: 'Reason (optional)' }).pressSequentially('Checked the bank');
  await history.getByRole('button', { name: 'Undo', exact: true }).click();
  const undone = await expectToast(page, 'Change undone');
  // The second undo below shows a toast with this title: dismissed now, the two cannot be confused.
  await undone.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toasts(page)).toHaveCount(0);
  await expect(history).toBeHidden();
  await expect(revenue.row('$300.00')).toBeVisible();

  const after = (await (await api.get('/api/public/ledger.json')).json()) as { rows: LedgerRow[] };
  expect(after.rows.at(-1)).toMatchObject({
    entryId: kept.id,
    field: 'amount',
    old: '350.00',
    new: '300.00',
    reason: 'Checked the bank',
  });
  // The deleted entry waits under the table with its reason; undoing its delete restores it.
  const deleted = revenue.panel.getByRole('table', { name: 'Recently deleted' });
  await expect(deleted.getByRole('row', { name: /\$45\.00 Entered twice .* Entered twice/ })).toBeVisible();
  await deleted
    .getByRole('button', { name: 'History of revenue entry $45.00 from Jun 2, 2024', exact: true })
    .click();
  const gone = page.getByRole('dialog', { name: 'History of revenue entry $45.00 from Jun 2, 2024' });
  await expect(
    gone.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem').first(),
  ).toContainText('Deleted');
  await stillness(gone);
  await axe();
  await gone.getByRole('button', { name: 'Undo last change', exact: true }).click();
  await gone.getByRole('button', { name: 'Undo', exact: true }).click();
  await expectToast(page, 'Change undone');
  await expect(revenue.row('$45.00')).toBeVisible();
  // Other tests' clean-ups delete entries too: only this one must have left the list.
  await expect(deleted.getByRole('row', { name: /\$45\.00 Entered twice/ })).toHaveCount(0);
});

test('the tracker links the correction ledger, counting its corrections', async ({
  adminPage: page,
  api,
  axe,
}) => {
  const entry = await createRevenue(api, {
    amount: '12',
    source: 'ai',
    description: 'Counted correction',
    date: '2024-06-03',
  });
  const edited = await api.put(`/api/admin/revenue/${entry.id}`, {
    data: {
      amount: '13',
      source: 'ai',
      description: 'Counted correction',
      date: '2024-06-03',
      reason: 'Typo',
    },
  });
  expect(edited.status()).toBe(200);
  const { corrections } = (await (await api.get('/api/public/ledger.json')).json()) as {
    corrections: number;
  };
  expect(corrections).toBeGreaterThan(0);

  // Server-rendered: the link is in the HTML before any script runs.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain(`${corrections} correction${corrections === 1 ? '' : 's'}`);

  await gotoHydrated(page, '/');
  const link = page.getByRole('link', { name: `${corrections} correction${corrections === 1 ? '' : 's'}` });
  await expect(link).toHaveAttribute('href', '/api/public/ledger.json');
  await expect(page.getByRole('link', { name: 'Correction ledger as CSV' })).toHaveAttribute(
    'href',
    '/api/public/ledger.csv',
  );
  await axe();
});
