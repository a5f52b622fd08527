import { expect, test } from './admin-server';
import { openDialog } from './admin-dialogs';
import { openAdminTab } from './admin-tabs';
import { createRevenue, expectToast, gotoHydrated, stillness, toasts } from './support';

// docs/decisions/043-correction-ledger.md: reasons on edit and delete, the history, undo, the public ledger.

const KEPT = { amount: '300', source: 'ai', description: 'Kept and corrected', date: '2024-06-01' } as const;
const TWICE = { amount: '45', source: 'passive', description: 'Entered twice', date: '2024-06-02' } as const;

interface LedgerRow {
  entity: string;
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
  // A cost's rows name its id too (docs/decisions/084-ledger-commitments.md): only revenue rows are ours.
  const mine = ledger.rows.filter(
    (row) => row.entity === 'revenue' && (row.entryId === kept.id || row.entryId === twice.id),
  );
  // A creation and a deletion are one row each, carrying the entry; an edit is a row per field.
  expect(mine.map((row) => [row.entryId, row.field, row.reason])).toEqual([
    [kept.id, 'created', null],
    [twice.id, 'created', null],
    [kept.id, 'amount', 'Invoice said 350'],
    [twice.id, 'deleted', 'Entered twice'],
  ]);
  expect(mine[2]).toMatchObject({ old: '300.00', new: '350.00' });
  expect(JSON.parse(mine[3]!.old!)).toMatchObject({ amount: '45.00', provenance: 'manual' });

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

test('the tracker links the ledger page, which checks the chain and the totals in the browser', async ({
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
  await expect(link).toHaveAttribute('href', '/ledger');
  await link.click();
  await expect(page).toHaveURL(/\/ledger$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The public ledger' })).toBeVisible();
  // Other specs write meanwhile: the page may read the files between two writes, so it is asked again.
  await expect(async () => {
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Chain intact' })).toContainText(
      /Chain intact: [\d,]+ rows, head [0-9a-f]{12}…, totals match\./,
      { timeout: 5_000 },
    );
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: /Ledger rows, newest first/ })).toContainText(
    'Amount: $12.00 → $13.00',
  );
  await axe();
});

test('the ledger page names the first row whose contents no longer match its hash', async ({
  page,
  api,
  axe,
}) => {
  const entry = await createRevenue(api, {
    amount: '20',
    source: 'consulting',
    description: 'Rewritten later',
    date: '2024-06-04',
  });
  const edited = await api.put(`/api/admin/revenue/${entry.id}`, {
    data: { amount: '21', source: 'consulting', description: 'Rewritten later', date: '2024-06-04' },
  });
  expect(edited.status()).toBe(200);
  // The ledger as someone who rewrote a row in the database would serve it: the row claims $99,999.
  let rewritten: number | null = null;
  await page.route('**/api/public/ledger.json', async (route) => {
    const response = await route.fetch();
    const ledger = (await response.json()) as { rows: (LedgerRow & { id: number })[] };
    const row = ledger.rows.find(
      (candidate) =>
        candidate.entity === 'revenue' && candidate.entryId === entry.id && candidate.field === 'amount',
    );
    if (!row) throw new Error('the edit is not in the ledger');
    row.new = '99999.00';
    rewritten = row.id;
    await route.fulfill({ response, json: ledger });
  });
  await gotoHydrated(page, '/ledger');
  const alert = page.getByRole('alert').filter({ hasText: 'Chain broken' });
  await expect(alert).toBeVisible();
  expect(rewritten).not.toBeNull();
  await expect(alert).toContainText(
    // docs/decisions/084-ledger-commitments.md: the value no longer opens the commitment the row hashes.
    `The chain breaks at row ${rewritten}: its values do not match its commitments.`,
  );
  await expect(page.getByRole('row', { name: /breaks the chain/ })).toContainText(
    'Amount: $20.00 → $99,999.00',
  );
  await axe();
});
