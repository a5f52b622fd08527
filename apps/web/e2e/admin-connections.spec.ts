import { fileURLToPath } from 'node:url';
import { startStripeStandIn, stripeSignature, type StripeStandIn } from '@journey/testing';
import { expect, test as base } from './fixtures';
import { tracker } from './admin-dialogs';
import { providePrivateServer, type PrivateServer } from './private-server';

// The admin's Connections tab against the Stripe stand-in (packages/testing): no provider is reachable
// from the test machines, and the server's STRIPE_API_BASE names the stand-in.

const READ_ONLY = 'rk_test_e2e_read_only_0001';
const CAN_WRITE = 'sk_test_e2e_can_write_0002';
const WEBHOOK_SECRET = 'whsec_e2e_connections';

/** The Stripe stand-in with one payment in its history, and a server of this worker's that reads it. */
const test = base.extend<object, { stripe: { standIn: StripeStandIn; server: PrivateServer } }>({
  stripe: [
    async ({ playwright }, use) => {
      const standIn = await startStripeStandIn({
        keys: { [READ_ONLY]: 'read-only', [CAN_WRITE]: 'read-write' },
      });
      standIn.transactions.push({
        id: 'txn_e2e_1',
        type: 'charge',
        amount: 12_000,
        currency: 'usd',
        created: Math.floor(Date.now() / 1000) - 3600,
        source: { id: 'ch_e2e_1', amount: 12_000, currency: 'usd' },
      });
      try {
        await providePrivateServer(playwright, (server) => use({ standIn, server }), {
          STRIPE_API_BASE: standIn.base,
        });
      } finally {
        await standIn.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

// The refused key's answer: the browser logs every 400 it receives.
test.use({
  allowedConsoleErrors: [
    /^Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/,
  ],
});

test('connects Stripe with a read-only key, and a signed webhook’s payment shows on the landing page', async ({
  page,
  context,
  stripe: { standIn: stripe, server: stripeServer },
  axe,
  request,
}, testInfo) => {
  // A hang guard: a connection, a sync, axe in both schemes and a landing page, on a busy machine.
  test.setTimeout(180_000);
  await context.addCookies(stripeServer.cookies);
  await page.goto(`${stripeServer.baseURL}/admin?tab=connections`);
  await expect(page.getByRole('tab', { name: 'Connections' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('region', { name: 'Stripe', exact: true });
  await expect(
    card.getByRole('link', { name: 'Create a read-only restricted key in Stripe' }),
  ).toHaveAttribute(
    'href',
    /^https:\/\/dashboard\.stripe\.com\/apikeys\/create\?.*permissions%5B%5D=rak_balance_read/,
  );
  await expect(card.getByText(`${stripeServer.baseURL}/api/webhooks/stripe`)).toBeVisible();
  const lemon = page.getByRole('region', { name: 'Lemon Squeezy', exact: true });
  await expect(lemon.getByRole('link', { name: 'Create an API key in Lemon Squeezy' })).toHaveAttribute(
    'href',
    'https://app.lemonsqueezy.com/settings/api',
  );
  await expect(lemon.getByText(`${stripeServer.baseURL}/api/webhooks/lemonsqueezy`)).toBeVisible();
  const paddle = page.getByRole('region', { name: 'Paddle', exact: true });
  await expect(paddle.getByRole('link', { name: 'Create an API key in Paddle' })).toBeVisible();
  await expect(paddle.getByLabel('Paddle API key')).toBeVisible();
  const polar = page.getByRole('region', { name: 'Polar', exact: true });
  await expect(
    polar.getByRole('link', { name: 'Create an organization access token in Polar' }),
  ).toBeVisible();
  await expect(polar.getByText(`${stripeServer.baseURL}/api/webhooks/polar`)).toBeVisible();
  await axe();

  // A key that can write is refused, under its field; nothing is connected.
  const key = card.getByLabel('Stripe API key');
  await key.pressSequentially(CAN_WRITE);
  await card.getByRole('button', { name: 'Connect Stripe' }).click();
  await expect(card.getByText('This key can write to your Stripe account')).toBeVisible();
  await axe();

  await key.fill('');
  await key.pressSequentially(READ_ONLY);
  await card.getByLabel('Webhook signing secret').pressSequentially(WEBHOOK_SECRET);
  await card.getByRole('button', { name: 'Connect Stripe' }).click();
  await expect(page.getByText('Stripe connected')).toBeVisible();
  await expect(card.getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('button', { name: 'Sync now' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await axe();
    await page.screenshot({ path: testInfo.outputPath(`connections-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // A payment arrives by webhook, signed as Stripe signs it; the landing page shows it.
  stripe.transactions.push({
    id: 'txn_e2e_2',
    type: 'charge',
    amount: 3_000,
    currency: 'usd',
    created: Math.floor(Date.now() / 1000),
    status: 'pending',
    source: { id: 'ch_e2e_2', amount: 2_760, currency: 'eur' },
  });
  const payload = JSON.stringify({
    id: 'evt_e2e_2',
    object: 'event',
    type: 'charge.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'ch_e2e_2', object: 'charge', balance_transaction: 'txn_e2e_2' } },
  });
  const delivered = await request.post(`${stripeServer.baseURL}/api/webhooks/stripe`, {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(payload, WEBHOOK_SECRET),
    },
    data: payload,
  });
  expect(delivered.status(), await delivered.text()).toBe(200);

  await page.goto(`${stripeServer.baseURL}/`);
  await expect(tracker(page).getByText('100 % verified')).toBeVisible();
  await expect(tracker(page).getByText(/by Stripe/)).toBeVisible();
  const summary = await (await request.get(`${stripeServer.baseURL}/api/revenue`)).json();
  expect(summary.totalRevenue).toBe('150.00');
});

test('uploads the ECB’s rates file, and says why another file is refused', async ({
  page,
  context,
  stripe: { server },
  axe,
}, testInfo) => {
  test.setTimeout(120_000);
  await context.addCookies(server.cookies);
  await page.goto(`${server.baseURL}/admin?tab=connections`);
  const card = page.getByRole('region', { name: 'Exchange rates', exact: true });
  await expect(card).toContainText('No ECB rates are loaded yet');

  const choose = async (file: string) => {
    const chooser = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: 'Upload the ECB’s file' }).click();
    await (await chooser).setFiles(file);
  };
  const fixture = (name: string) =>
    fileURLToPath(new URL(`../../../packages/testing/fixtures/${name}`, import.meta.url));
  await choose(fixture('lemonsqueezy/objects.json'));
  await expect(card.getByRole('alert')).toContainText('This is not the ECB');
  await axe();

  await choose(fixture('ecb/eurofxref-hist.csv'));
  await expect(page.getByText('Exchange rates loaded')).toBeVisible();
  await expect(card).toContainText('up to Sep 26, 2024 (10 business days)');
  await expect(card.getByRole('alert')).toHaveCount(0);
  await axe();
  await card.screenshot({ path: testInfo.outputPath('exchange-rates.png') });
});

test('sets how often the providers are synced, refusing what is out of range', async ({
  page,
  context,
  stripe: { server },
  axe,
}) => {
  await context.addCookies(server.cookies);
  await page.goto(`${server.baseURL}/admin?tab=connections`);
  const card = page.getByRole('region', { name: 'Sync schedule', exact: true });
  const minutes = card.getByRole('textbox', { name: 'Minutes between syncs' });
  await expect(minutes).toHaveValue('15');

  await minutes.clear();
  await minutes.pressSequentially('2');
  await card.getByRole('button', { name: 'Save schedule' }).click();
  await expect(card).toContainText('Sync interval must be a whole number of minutes from 5 to 1,440.');
  await axe();

  await minutes.clear();
  await minutes.pressSequentially('45');
  await card.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Every connection syncs every 45 minutes.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Sync schedule' }).getByRole('textbox')).toHaveValue('45');
});
