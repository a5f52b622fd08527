/**
 * MRR and its movements in GET /api/revenue/metrics (docs/decisions/080-recurring-revenue.md) from
 * stored subscription periods, against values computed by hand, on both drivers.
 */
import type { SubscriptionPeriod } from '@journey/contracts';
import { storeExchangeRates, storeSubscriptionPeriods } from '@journey/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './helpers';

const NOW = new Date('2026-04-15T12:00:00.000Z');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
});
afterAll(() => server?.close());

const metrics = async () => {
  const response = await call(server.app, 'GET', '/api/revenue/metrics');
  expect(response.statusCode).toBe(200);
  return response.json();
};

type Line = Omit<SubscriptionPeriod, 'provider' | 'periodStart' | 'periodEnd'> & {
  start: string;
  end: string;
};
let id = 0;
const line = (
  subscriptionId: string,
  customerId: string,
  start: string,
  end: string,
  amount: string,
  more: Partial<Line> = {},
): Line => ({
  externalId: `line_${(id += 1)}`,
  subscriptionId,
  customerId,
  productId: 'prod_1',
  priceId: 'price_1',
  start,
  end,
  amount,
  currency: 'USD',
  intervalUnit: 'month',
  intervalCount: 1,
  ...more,
});

async function store(provider: SubscriptionPeriod['provider'], lines: Line[]) {
  await storeSubscriptionPeriods(
    server.db,
    provider,
    lines.map(({ start, end, ...rest }) => ({
      ...rest,
      periodStart: new Date(`${start}T00:00:00Z`),
      periodEnd: new Date(`${end}T00:00:00Z`),
    })),
    NOW,
  );
}

describe('recurring revenue in the metrics', () => {
  it('is null without any subscription data, with a "how calculated" for each figure', async () => {
    const body = await metrics();
    expect(body).toMatchObject({ mrr: null, arr: null, activeSubscribers: null, movements: null });
    for (const figure of ['mrr', 'arr', 'activeSubscribers', 'movements']) {
      expect(body.howCalculated[figure]).toContain('https://help.chartmogul.com/');
    }
  });

  it('equals the hand-computed history: upgrade, downgrade, cancellation, reactivation, yearly plan, coupon, rate change', async () => {
    // The ECB publishes units per euro: USD 1.10 per euro on 10 January, 1.20 from 10 February on.
    await storeExchangeRates(server.db, [
      { day: '2026-01-09', currency: 'USD', perEuro: '1.1000' },
      { day: '2026-02-10', currency: 'USD', perEuro: '1.2000' },
      { day: '2026-03-10', currency: 'USD', perEuro: '1.2000' },
      { day: '2026-04-10', currency: 'USD', perEuro: '1.2000' },
    ]);
    await store('stripe', [
      // Ann: $50 a month from 10 January, upgraded to $80 on 20 February, down to $30 on 20 March.
      line('sub_ann', 'cus_ann', '2026-01-10', '2026-02-10', '50.00'),
      line('sub_ann', 'cus_ann', '2026-02-10', '2026-03-10', '50.00'),
      line('sub_ann', 'cus_ann', '2026-02-20', '2026-03-20', '80.00'),
      line('sub_ann', 'cus_ann', '2026-03-20', '2026-04-20', '30.00'),
      // Bob: $100 with 20 % off in January, the coupon over from February; cancelled, paid until 1 March.
      line('sub_bob', 'cus_bob', '2026-01-01', '2026-02-01', '80.00'),
      line('sub_bob', 'cus_bob', '2026-02-01', '2026-03-01', '100.00'),
      // Bob again in April: a reactivation.
      line('sub_bob2', 'cus_bob', '2026-04-02', '2026-05-02', '40.00'),
      // Cy: a yearly plan of $1,200 from 5 January: $100 a month.
      line('sub_cy', 'cus_cy', '2026-01-05', '2027-01-05', '1200.00', { intervalUnit: 'year' }),
    ]);
    await store('paddle', [
      // Dee pays €100 a month: $110 in January, $120 at February's rate (an effect of the rate alone).
      line('sub_dee', 'ctm_dee', '2026-01-10', '2026-02-10', '100.00', { currency: 'EUR' }),
      line('sub_dee', 'ctm_dee', '2026-02-10', '2026-03-10', '100.00', { currency: 'EUR' }),
      line('sub_dee', 'ctm_dee', '2026-03-10', '2026-04-10', '100.00', { currency: 'EUR' }),
      line('sub_dee', 'ctm_dee', '2026-04-10', '2026-05-10', '100.00', { currency: 'EUR' }),
    ]);
    // The cached answer is rebuilt once each provider's rows notify.
    await expect.poll(async () => (await metrics()).activeSubscribers).toBe(4);
    const body = await metrics();
    // Now: Ann 30 + Bob 40 + Cy 100 + Dee 120 = $290.
    expect(body).toMatchObject({ mrr: '290.00', arr: '3480.00', activeSubscribers: 4 });
    expect(body.movements).toEqual([
      // new: Bob 80, Cy 100, Ann 50, Dee 110
      {
        month: '2026-01',
        new: '340.00',
        expansion: '0.00',
        contraction: '0.00',
        churn: '0.00',
        reactivation: '0.00',
        fx: '0.00',
        startMrr: '0.00',
        endMrr: '340.00',
        netRevenueChurn: null,
        quickRatio: null,
      },
      // expansion: Bob's coupon ended (+20), Ann's upgrade (+30); fx: Dee's €100 at 1.20 instead of 1.10; churn rate (0 − 50) ÷ 340
      {
        month: '2026-02',
        new: '0.00',
        expansion: '50.00',
        contraction: '0.00',
        churn: '0.00',
        reactivation: '0.00',
        fx: '10.00',
        startMrr: '340.00',
        endMrr: '400.00',
        netRevenueChurn: -0.1471,
        quickRatio: null,
      },
      // contraction: Ann from 80 to 30; churn: Bob's last paid day was 28 February; churn rate (100 + 50) ÷ 400
      {
        month: '2026-03',
        new: '0.00',
        expansion: '0.00',
        contraction: '50.00',
        churn: '100.00',
        reactivation: '0.00',
        fx: '0.00',
        startMrr: '400.00',
        endMrr: '250.00',
        netRevenueChurn: 0.375,
        quickRatio: 0,
      },
      // reactivation: Bob back; churn rate (0 − 40) ÷ 250
      {
        month: '2026-04',
        new: '0.00',
        expansion: '0.00',
        contraction: '0.00',
        churn: '0.00',
        reactivation: '40.00',
        fx: '0.00',
        startMrr: '250.00',
        endMrr: '290.00',
        netRevenueChurn: -0.16,
        quickRatio: null,
      },
    ]);
  });
});
