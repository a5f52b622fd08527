import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test as base } from './fixtures';
import { providePrivateServer, signedInRequest, type PrivateServer } from './private-server';
import { stillness } from './support';

// The admin's Webhooks tab (docs/decisions/091-outgoing-webhooks.md) against a receiver on this
// machine: the server of this worker allows loopback endpoints (WEBHOOKS_ALLOW_PRIVATE), as internal
// tools do; by default they are refused (apps/api/test/outgoing-webhooks.test.ts).

interface Receiver {
  url: string;
  ids: string[];
}

const test = base.extend<object, { hooks: { server: PrivateServer; receiver: Receiver } }>({
  hooks: [
    async ({ playwright }, use) => {
      const ids: string[] = [];
      const http: Server = createServer((req, res) => {
        ids.push(String(req.headers['webhook-id']));
        req.resume();
        req.on('end', () => res.writeHead(200).end('thanks'));
      });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/hook`;
      try {
        await providePrivateServer(playwright, (server) => use({ server, receiver: { url, ids } }), {
          WEBHOOKS_ALLOW_PRIVATE: 'true',
        });
      } finally {
        http.closeAllConnections();
        await new Promise<void>((resolve) => http.close(() => resolve()));
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

test('adds an endpoint, shows its secret once, lists a delivery, re-sends it and deletes the endpoint', async ({
  page,
  context,
  playwright,
  hooks: { server, receiver },
  axe,
}) => {
  // A hang guard: a delivery through the worker's queue and axe in both schemes, on a busy machine.
  test.setTimeout(120_000);
  await context.addCookies(server.cookies);
  await page.goto(`${server.baseURL}/admin?tab=webhooks`);
  await expect(page.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No endpoints yet')).toBeVisible();
  await axe();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
  await dialog.getByLabel('Endpoint URL').pressSequentially(receiver.url);
  // Every event is picked to begin with; this endpoint hears new revenue only.
  for (const label of [
    'Revenue entry corrected',
    'Milestone published',
    'Experiment changed',
    'Subscriber confirmed',
    'Broadcast sent',
  ]) {
    await dialog.getByRole('checkbox', { name: new RegExp(`^${label}`) }).uncheck();
  }
  await stillness(dialog);
  await axe();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Endpoint added' });
  const secret = secretDialog.getByLabel('Signing secret');
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]+=*$/);
  const shown = await secret.textContent();
  await expect(secretDialog.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  await stillness(secretDialog);
  await axe();
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(secretDialog).toBeHidden();
  const card = page.getByRole('region', { name: receiver.url, exact: true });
  await expect(card.getByText('Revenue entry added')).toBeVisible();
  // The secret is not shown again.
  await expect(page.getByText(shown ?? 'whsec_')).toHaveCount(0);

  // A write raises the event: a revenue entry through the API, as the admin.
  const api = await signedInRequest(playwright, server);
  const created = await api.post('/api/revenue', {
    data: { amount: '42.00', source: 'ai', description: 'A sale for the webhook', date: '2025-03-01' },
  });
  expect(created.status()).toBe(201);
  await api.dispose();

  await card.getByRole('button', { name: 'Deliveries' }).click();
  const row = card.getByRole('row').filter({ hasText: 'revenue.created' });
  await expect(row.getByText('Delivered')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('cell', { name: '200' })).toBeVisible();
  expect(receiver.ids).toHaveLength(1);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await axe();
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await row.getByRole('button', { name: /^Resend/ }).click();
  await expect(page.getByText('Delivery queued again')).toBeVisible();
  await expect.poll(() => receiver.ids.length, { timeout: 30_000 }).toBe(2);
  expect(receiver.ids[1]).toBe(receiver.ids[0]);
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible({ timeout: 30_000 });

  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete endpoint' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Endpoint deleted')).toBeVisible();
  await expect(page.getByText('No endpoints yet')).toBeVisible();
});
