import { startStripeStandIn } from '@journey/testing';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { openDialog } from './admin-dialogs';
import { openAdminTab } from './admin-tabs';
import { expect, test as base } from './fixtures';
import { providePrivateServer, signedInRequest, type PrivateServer } from './private-server';
import { createRevenue, expectStatus, expectToast, listExperiments, listRevenue, stillness } from './support';

// Revenue given to an experiment (docs/decisions/082-experiment-money.md): an entry assigned by hand in
// the revenue form, and the rules of the Experiments tab, checked through the experiment's figures. A
// server of this worker's is connected to the Stripe stand-in (packages/testing), whose one payment its
// sync has stored: the rules choose among the connected providers.

const READ_ONLY = 'rk_test_e2e_rules_0001';
const PAID_AT = Math.floor(Date.now() / 1000) - 3600;

const test = base.extend<{ adminPage: Page; api: APIRequestContext }, { rulesServer: PrivateServer }>({
  rulesServer: [
    async ({ playwright }, use) => {
      const standIn = await startStripeStandIn({ keys: { [READ_ONLY]: 'read-only' } });
      standIn.transactions.push({
        id: 'txn_rules_1',
        type: 'charge',
        amount: 12_000,
        currency: 'usd',
        created: PAID_AT,
        source: { id: 'ch_rules_1', amount: 12_000, currency: 'usd' },
      });
      try {
        await providePrivateServer(
          playwright,
          async (server) => {
            const api = await signedInRequest(playwright, server);
            await expectStatus(await api.post('/api/admin/setup/dismiss'), 200);
            await expectStatus(
              await api.put('/api/admin/connections/stripe', { data: { apiKey: READ_ONLY } }),
              200,
            );
            // The first sync reads the stand-in's history in the background.
            await expect
              .poll(async () => (await listRevenue(api)).some((entry) => entry.provider === 'stripe'), {
                timeout: 30_000,
              })
              .toBe(true);
            await api.dispose();
            await use(server);
          },
          { STRIPE_API_BASE: standIn.base },
        );
      } finally {
        await standIn.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ rulesServer }, use) => use(rulesServer.baseURL),
  api: async ({ playwright, rulesServer }, use) => {
    const api = await signedInRequest(playwright, rulesServer);
    await use(api);
    await api.dispose();
  },
  adminPage: async ({ context, page, rulesServer }, use) => {
    await context.addCookies(rulesServer.cookies);
    await use(page);
  },
});

// The 409 of a rule another experiment holds: the browser logs every 4xx it receives.
test.use({
  allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 409 \(Conflict\)$/],
});

/** An experiment's revenue in `month` (YYYY-MM), as its public figures give it. */
async function revenueIn(api: APIRequestContext, slug: string, month: string): Promise<string> {
  const response = await api.get(`/api/experiments/${slug}/figures`);
  expect(response.status(), await response.text()).toBe(200);
  const { months } = (await response.json()) as { months: { month: string; revenue: string }[] };
  return months.find((row) => row.month === month)?.revenue ?? '0.00';
}

/** Closes a toast, so that the next one with its title cannot be mistaken for it. */
async function dismiss(toast: Locator) {
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveCount(0);
}

/** The experiments these tests use, with no rules left from a retry. */
async function experimentsWithoutRules(api: APIRequestContext) {
  const experiments = await listExperiments(api);
  for (const { id } of experiments) {
    await expectStatus(
      await api.put(`/api/admin/experiments/${id}/assignments`, { data: { rules: [] } }),
      200,
    );
  }
  return experiments;
}

test('assigns a revenue entry to an experiment in its edit form, and the experiment’s figures follow', async ({
  adminPage: page,
  api,
  axe,
}) => {
  const experiment = (await experimentsWithoutRules(api))[2];
  if (!experiment) throw new Error('the database is seeded with experiments');
  for (const entry of await listRevenue(api)) {
    if (entry.description === 'Sold through the arena')
      await expectStatus(await api.delete(`/api/admin/revenue/${entry.id}`), 204);
  }
  await createRevenue(api, {
    amount: '275',
    source: 'ai',
    description: 'Sold through the arena',
    date: '2024-05-10',
  });
  expect(await revenueIn(api, experiment.slug, '2024-05')).toBe('0.00');

  const revenue = await openAdminTab(page, 'revenue');
  const edit = await openDialog(page, revenue.edit('$275.00 from May 10, 2024'), 'Edit Revenue');
  const select = edit.getByRole('combobox', { name: 'Experiment' });
  await expect(select).toHaveValue('');
  await expect(select).toHaveAccessibleDescription(
    'Optional: the experiment this revenue belongs to; else its revenue rules decide',
  );
  await expect(select.locator('option')).toHaveText([
    'None',
    ...(await listExperiments(api)).map((e) => e.title),
  ]);
  // Chosen with the keyboard: focus the select, then pick the option by its name.
  await select.focus();
  await select.selectOption({ label: experiment.title });
  await edit.getByRole('textbox', { name: 'Reason (optional)' }).pressSequentially('Sold through the arena');
  await stillness(edit);
  await axe();
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await dismiss(await expectToast(page, 'Revenue updated'));
  await expect(edit).toBeHidden();
  await expect.poll(() => revenueIn(api, experiment.slug, '2024-05')).toBe('275.00');

  // The form shows it again, and None takes it back.
  const again = await openDialog(page, revenue.edit('$275.00 from May 10, 2024'), 'Edit Revenue');
  await expect(again.getByRole('combobox', { name: 'Experiment' })).toHaveValue(String(experiment.id));
  await again.getByRole('combobox', { name: 'Experiment' }).selectOption({ label: 'None' });
  await again.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Revenue updated');
  await expect.poll(() => revenueIn(api, experiment.slug, '2024-05')).toBe('0.00');
});

test('adds and removes an experiment’s revenue rules, with the errors under their fields', async ({
  adminPage: page,
  api,
  axe,
}) => {
  const [first, second] = await experimentsWithoutRules(api);
  if (!first || !second) throw new Error('the database is seeded with experiments');
  const payment = (await listRevenue(api)).find((entry) => entry.provider === 'stripe');
  if (!payment) throw new Error('the sync stored the stand-in’s payment');
  const month = payment.date.slice(0, 7);
  const before = Number(await revenueIn(api, first.slug, month));

  const experiments = await openAdminTab(page, 'experiments');
  const openRules = async (title: string) => {
    await experiments.panel
      .getByRole('button', { name: `Revenue rules of experiment ${title}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: `Revenue rules of ${title}`, exact: true });
    await expect(dialog.getByRole('button', { name: 'Add rule', exact: true })).toBeVisible();
    return dialog;
  };
  const dialog = await openRules(first.title);
  await expect(
    dialog.getByText('No rules yet: only entries assigned by hand count for this experiment.'),
  ).toBeVisible();

  // Nothing chosen, no id typed: each field says what it needs.
  const connection = dialog.getByRole('combobox', { name: 'Connection' });
  const kind = dialog.getByRole('combobox', { name: 'Applies to' });
  await kind.selectOption({ label: 'Product' });
  await dialog.getByRole('button', { name: 'Add rule', exact: true }).click();
  await expect(connection).toHaveAccessibleDescription('Connection is required.');
  await expect(dialog.getByRole('textbox', { name: 'Product id' })).toHaveAccessibleDescription(
    /Product id is required\./,
  );

  await connection.selectOption({ label: 'Stripe' });
  await kind.selectOption({ label: 'Price' });
  const price = dialog.getByRole('textbox', { name: 'Price id' });
  await price.pressSequentially('price e2e');
  await dialog.getByRole('button', { name: 'Add rule', exact: true }).click();
  await expect(price).toHaveAccessibleDescription(/Price id is one word, without spaces\./);
  await price.clear();
  await price.pressSequentially('price_e2e_1');
  await price.press('Enter');
  await dismiss(await expectToast(page, 'Rule added', 'Stripe price price_e2e_1'));
  const rules = dialog.getByRole('list', { name: 'Rules' });
  await expect(rules.getByRole('listitem')).toHaveText([/^Stripe price price_e2e_1/]);
  await expect(price).toHaveValue('');

  // The whole connection: no id to type, and the stand-in's payment becomes the experiment's.
  await kind.selectOption({ label: 'Whole connection' });
  await expect(dialog.getByRole('textbox', { name: /id$/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add rule', exact: true }).click();
  await expectToast(page, 'Rule added', 'Stripe, the whole connection');
  await expect(rules.getByRole('listitem')).toHaveCount(2);
  await stillness(dialog);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await axe();
    await page.screenshot({ path: test.info().outputPath(`revenue-rules-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const rulesOf = async (id: number) =>
    ((await (await api.get(`/api/admin/experiments/${id}/assignments`)).json()) as object[]).map(
      ({ id: _id, ...rule }: { id?: number }) => rule,
    );
  expect(await rulesOf(first.id)).toEqual([
    { provider: 'stripe', kind: 'price', value: 'price_e2e_1' },
    { provider: 'stripe', kind: 'connection', value: '' },
  ]);
  await expect
    .poll(async () => Number(await revenueIn(api, first.slug, month)))
    .toBe(before + Number(payment.amount));
  await dialog.getByRole('button', { name: 'Close dialog', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Another experiment cannot take the same price: the 409 names the one that holds it.
  const other = await openRules(second.title);
  await other.getByRole('combobox', { name: 'Connection' }).selectOption({ label: 'Stripe' });
  await other.getByRole('textbox', { name: 'Price id' }).pressSequentially('price_e2e_1');
  await other.getByRole('button', { name: 'Add rule', exact: true }).click();
  await expect(other.getByRole('textbox', { name: 'Price id' })).toHaveAccessibleDescription(
    new RegExp(`This price is already assigned to the experiment “${first.title}”\\.`),
  );
  await stillness(other);
  await axe();
  expect(await rulesOf(second.id)).toEqual([]);
  await other.getByRole('button', { name: 'Close dialog', exact: true }).click();

  // Removing a rule keeps the others; the focus returns to the list's heading.
  const again = await openRules(first.title);
  await again.getByRole('button', { name: 'Remove rule Stripe, the whole connection', exact: true }).click();
  await expectToast(page, 'Rule removed', 'Stripe, the whole connection');
  await expect(again.getByRole('heading', { name: 'Rules', exact: true })).toBeFocused();
  await expect(again.getByRole('list', { name: 'Rules' }).getByRole('listitem')).toHaveText([
    /^Stripe price price_e2e_1/,
  ]);
  await expect.poll(async () => Number(await revenueIn(api, first.slug, month))).toBe(before);
});
