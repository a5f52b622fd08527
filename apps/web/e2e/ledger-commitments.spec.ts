import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './admin-server';
import { openAdminTab } from './admin-tabs';
import {
  createRevenue,
  expectToast,
  getSettings,
  gotoHydrated,
  putSettings,
  stillness,
  type Settings,
} from './support';

// docs/decisions/084-ledger-commitments.md: private rows publish commitments; a revealed row's values
// are checked against them in the visitor's browser.

interface LedgerRow {
  id: number;
  /** A cost's rows name its id in `entryId` too: an entry's rows are those of entity 'revenue'. */
  entity: string;
  entryId: number | null;
  field: string;
  old: string | null;
  new: string | null;
  secret: string | null;
}

/** Saves the settings with some figures' privacy changed; the fixture restores them after the test. */
async function setPrivacy(api: APIRequestContext, privacy: Partial<Settings['privacy']>) {
  const settings = await getSettings(api);
  await putSettings(api, { ...settings, privacy: { ...settings.privacy, ...privacy } });
}

test('a row revealed in the admin is checked against its commitment on /ledger', async ({
  adminPage: page,
  api,
  axe,
}) => {
  // The total as a range: every revenue row of the ledger is private.
  await setPrivacy(api, { total: 'range' });
  const kept = await createRevenue(api, {
    amount: '8642.13',
    source: 'consulting',
    description: 'Kept private',
    date: '2024-07-01',
  });
  const shown = await createRevenue(api, {
    amount: '3141.59',
    source: 'ai',
    description: 'Revealed later',
    date: '2024-07-02',
  });
  const ledgerText = async () => (await api.get('/api/public/ledger.json')).text();
  expect(await ledgerText()).not.toContain('8642.13');
  expect(await ledgerText()).not.toContain('3141.59');

  // The owner reveals the second entry's creation, after a confirmation.
  const revenue = await openAdminTab(page, 'revenue');
  const rows = (JSON.parse(await ledgerText()) as { rows: LedgerRow[] }).rows;
  const created = rows.find(
    (row) => row.entity === 'revenue' && row.entryId === shown.id && row.field === 'created',
  )!;
  const ledger = revenue.panel.getByRole('table', { name: 'Public ledger', exact: true });
  const row = ledger
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(created.id), exact: true }) });
  await expect(row).toContainText('Created: $3,141.59');
  await expect(row).toContainText('Private');
  await row.getByRole('button', { name: `Reveal row ${created.id}`, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Reveal row ${created.id}?` });
  await expect(confirm).toContainText("This publishes the row's values for good");
  await stillness(confirm);
  await axe();
  await confirm.getByRole('button', { name: 'Reveal', exact: true }).click();
  await expectToast(page, `Row ${created.id} revealed`);
  await expect(confirm).toBeHidden();
  await expect(row).toContainText(/Revealed \w{3} \d+, \d{4}/);
  await expect(row.getByRole('button', { name: /Reveal/ })).toHaveCount(0);
  await ledger.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('admin-ledger.png') });
  const keptRow = rows.find((candidate) => candidate.entity === 'revenue' && candidate.entryId === kept.id)!;
  await expect(
    ledger
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(keptRow.id), exact: true }) })
      .getByRole('button', { name: `Reveal row ${keptRow.id}` }),
  ).toBeVisible();

  const published = (JSON.parse(await ledgerText()) as { rows: LedgerRow[] }).rows;
  expect(published.find((candidate) => candidate.id === created.id)?.new).toContain('3141.59');
  expect(published.find((candidate) => candidate.id === keptRow.id)).toMatchObject({
    new: null,
    secret: null,
  });

  // The visitor's browser checks the chain through the private rows, and the revealed values.
  await gotoHydrated(page, '/ledger');
  const status = page.getByRole('status').filter({ hasText: 'Chain intact' });
  await expect(status).toContainText(
    /Chain intact: [\d,]+ rows, head [0-9a-f]{12}…; [\d,]+ kept private by the owner\./,
  );
  await expect(page.getByText('The totals are kept private by the owner')).toBeVisible();
  const table = page.getByRole('table', { name: /Ledger rows, newest first/ });
  const revealed = table
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(created.id), exact: true }) });
  await expect(revealed).toContainText('Created: $3,141.59');
  await expect(revealed).toContainText('Revealed · matches its commitment');
  const privateRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(keptRow.id), exact: true }) });
  await expect(privateRow).toContainText(/Created an entry\s*Private · commitment [0-9a-f]{12}…/);
  await expect(privateRow).not.toContainText('8,642.13');
  await axe();

  for (const [name, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(status).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`ledger-${name}-${scheme}.png`), fullPage: true });
      if (name === 'phone') await axe();
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
});

test('a revealed value that does not open its commitment fails the check like a broken link', async ({
  adminPage: page,
  api,
  axe,
}) => {
  await setPrivacy(api, { monthly: 'hidden' });
  const entry = await createRevenue(api, {
    amount: '271.82',
    source: 'passive',
    description: 'Revealed, then misquoted',
    date: '2024-07-03',
  });
  const rows = ((await (await api.get('/api/public/ledger.json')).json()) as { rows: LedgerRow[] }).rows;
  const created = rows.find(
    (row) => row.entity === 'revenue' && row.entryId === entry.id && row.field === 'created',
  )!;
  expect((await api.post(`/api/admin/ledger/${created.id}/reveal`)).status()).toBe(200);
  // The ledger as a server that changed the revealed value would serve it.
  await page.route('**/api/public/ledger.json', async (route) => {
    const response = await route.fetch();
    const ledger = (await response.json()) as { rows: LedgerRow[] };
    const row = ledger.rows.find((candidate) => candidate.id === created.id)!;
    row.new = row.new!.replace('271.82', '2718.20');
    await route.fulfill({ response, json: ledger });
  });
  await gotoHydrated(page, '/ledger');
  await expect(page.getByRole('alert').filter({ hasText: 'Chain broken' })).toContainText(
    `The chain breaks at row ${created.id}: its values do not match its commitments.`,
  );
  const broken = page.getByRole('row', { name: /breaks the chain/ });
  await expect(broken).toContainText('Created: $2,718.20');
  await expect(broken).toContainText('Revealed · does not match its commitment');
  await axe();
});
