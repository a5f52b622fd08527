import {
  startStripeStandIn,
  stripeInvoiceObject,
  stripePriceObject,
  type StripeStandIn,
} from '@journey/testing';
import { expect, test as base } from './fixtures';
import { tracker } from './admin-dialogs';
import { providePrivateServer, signedInRequest, type PrivateServer } from './private-server';

// Recurring revenue on the landing page (docs/decisions/080-recurring-revenue.md): a Stripe stand-in
// with paid invoices, a connection that syncs them, and the tracker's MRR panel with its waterfall.

const KEY = 'rk_test_e2e_recurring_0001';
const DAY = 86_400;

interface Movement {
  month: string;
  new: string;
  expansion: string;
  contraction: string;
  churn: string;
  reactivation: string;
  fx: string;
}

const test = base.extend<object, { billed: { standIn: StripeStandIn; server: PrivateServer } }>({
  billed: [
    async ({ playwright }, use) => {
      const standIn = await startStripeStandIn({ keys: { [KEY]: 'read-only' } });
      const now = Math.floor(Date.now() / 1000);
      standIn.prices.push(
        stripePriceObject({
          id: 'price_monthly',
          product: 'prod_app',
          unitAmount: 5_000,
          currency: 'usd',
          interval: 'month',
        }),
        stripePriceObject({
          id: 'price_yearly',
          product: 'prod_app',
          unitAmount: 120_000,
          currency: 'usd',
          interval: 'year',
        }),
      );
      const line = (id: string, price: string, amount: number, start: number, end: number) => ({
        id,
        price,
        product: 'prod_app',
        amount,
        start,
        end,
      });
      standIn.invoices.push(
        // A monthly customer since 40 days ago, renewed 10 days ago: $50 a month.
        stripeInvoiceObject({
          id: 'in_a1',
          customer: 'cus_a',
          subscription: 'sub_a',
          created: now - 40 * DAY,
          currency: 'usd',
          lines: [line('il_a1', 'price_monthly', 5_000, now - 40 * DAY, now - 10 * DAY)],
        }),
        stripeInvoiceObject({
          id: 'in_a2',
          customer: 'cus_a',
          subscription: 'sub_a',
          created: now - 10 * DAY,
          currency: 'usd',
          lines: [line('il_a2', 'price_monthly', 5_000, now - 10 * DAY, now + 20 * DAY)],
        }),
        // A yearly plan bought five days ago: $1,200 ÷ 12 = $100 a month.
        stripeInvoiceObject({
          id: 'in_b1',
          customer: 'cus_b',
          subscription: 'sub_b',
          created: now - 5 * DAY,
          currency: 'usd',
          lines: [line('il_b1', 'price_yearly', 120_000, now - 5 * DAY, now + 360 * DAY)],
        }),
      );
      try {
        await providePrivateServer(
          playwright,
          async (server) => {
            // Connected once for the worker: the sync reads the invoices after the balance transactions.
            const admin = await signedInRequest(playwright, server);
            const connected = await admin.put('/api/admin/connections/stripe', { data: { apiKey: KEY } });
            expect(connected.status(), await connected.text()).toBe(200);
            await expect
              .poll(async () => (await (await admin.get('/api/revenue/metrics')).json()).mrr, {
                timeout: 60_000,
              })
              .toBe('150.00');
            await admin.dispose();
            await use({ standIn, server });
          },
          { STRIPE_API_BASE: standIn.base },
        );
      } finally {
        await standIn.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

const dollars = (amount: string) =>
  `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('shows MRR beside the total, with this month’s movements as a waterfall', async ({
  page,
  billed: { server },
  axe,
}, testInfo) => {
  test.setTimeout(120_000);
  const metrics = await (await page.request.get(`${server.baseURL}/api/revenue/metrics`)).json();
  expect(metrics).toMatchObject({ arr: '1800.00', activeSubscribers: 2 });
  const month = metrics.movements.at(-1) as Movement;

  await page.goto(`${server.baseURL}/`);
  const panel = tracker(page).getByRole('group', { name: 'Monthly recurring revenue' });
  await expect(panel.getByText('$150.00', { exact: true })).toBeVisible();
  await expect(panel.getByText('$1,800 a year · 2 paying customers')).toBeVisible();
  const monthName = new Date(`${month.month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const figure = panel.getByRole('figure', { name: `Movements in ${monthName}` });
  await expect(figure).toBeVisible();
  // The list beside the bars says each movement of the month, as the API counts them.
  const expected = (
    [
      ['New', month.new, 1],
      ['Expansion', month.expansion, 1],
      ['Reactivation', month.reactivation, 1],
      ['Contraction', month.contraction, -1],
      ['Churn', month.churn, -1],
      ['Exchange rates', month.fx, 1],
    ] as const
  )
    .filter(([, amount]) => Number(amount) !== 0)
    .map(
      ([label, amount, sign]) =>
        `${label} ${sign * Number(amount) < 0 ? '−' : '+'}${dollars(String(Math.abs(Number(amount))))}`,
    );
  const items = await figure.getByRole('listitem').allTextContents();
  expect(items.slice(0, expected.length)).toEqual(expected.length > 0 ? expected : ['No change this month']);
  // One bar per movement, and the start and the end.
  await expect(figure.locator('svg rect')).toHaveCount(Math.max(expected.length, 0) + 2);

  // The sentence on how MRR is calculated links ChartMogul’s definitions.
  await panel.getByRole('button', { name: 'How is monthly recurring revenue calculated?' }).click();
  await expect(panel.getByRole('link', { name: 'help.chartmogul.com' })).toBeVisible();
  await page.keyboard.press('Escape');

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await axe();
    await tracker(page).screenshot({ path: testInfo.outputPath(`mrr-${scheme}.png`) });
  }
});

test('the MRR panel is in the server’s HTML: nothing moves when the page hydrates', async ({
  page,
  billed: { server },
}) => {
  test.setTimeout(120_000);
  const html = await (await page.request.get(`${server.baseURL}/`)).text();
  expect(html).toContain('Monthly recurring revenue');
  expect(html).toContain('$150.00');
  await page.goto(`${server.baseURL}/`);
  const panel = tracker(page).getByRole('group', { name: 'Monthly recurring revenue' });
  const before = await panel.boundingBox();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.waitForLoadState('networkidle');
  expect(await panel.boundingBox()).toEqual(before);
});

test('a press on a “how calculated” icon before the page’s script runs opens it once the script has', async ({
  page,
  billed: { server },
}) => {
  test.setTimeout(120_000);
  // The sections’ code arrives late, as on a slow phone: the press lands on the icon, an SVG element.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto(`${server.baseURL}/`, { waitUntil: 'commit' });
  const panel = tracker(page).getByRole('group', { name: 'Monthly recurring revenue' });
  await panel
    .getByRole('button', { name: 'How is monthly recurring revenue calculated?' })
    .locator('svg')
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(panel.getByRole('link', { name: 'help.chartmogul.com' })).toBeVisible();
});
