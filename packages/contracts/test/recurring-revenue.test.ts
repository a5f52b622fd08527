import { describe, expect, it } from 'vitest';
import {
  netRevenueChurn,
  quickRatio,
  recurringRevenueCents,
  type SubscriptionPeriod,
  type UsdRateOf,
} from '../src/recurring-revenue';

/**
 * Small histories computed by hand (docs/decisions/080-recurring-revenue.md): each names the
 * ChartMogul movement it pins. Amounts are USD cents.
 */

let line = 0;
function period(
  subscription: string,
  start: string,
  end: string,
  amount: string,
  options: Partial<SubscriptionPeriod> = {},
): SubscriptionPeriod {
  line += 1;
  return {
    provider: 'stripe',
    externalId: `il_${line}`,
    subscriptionId: subscription,
    customerId: options.customerId ?? `cus_${subscription}`,
    productId: null,
    priceId: null,
    periodStart: new Date(`${start}T00:00:00Z`),
    periodEnd: new Date(`${end}T00:00:00Z`),
    amount,
    currency: 'USD',
    intervalUnit: 'month',
    intervalCount: 1,
    ...options,
  };
}

const noRates: UsdRateOf = () => null;
const at = (day: string) => new Date(`${day}T12:00:00Z`);

function movementsOf(periods: SubscriptionPeriod[], now: string, rates: UsdRateOf = noRates) {
  const result = recurringRevenueCents(periods, rates, at(now));
  if (!result) throw new Error('Expected subscription data');
  return result;
}

const month = (result: ReturnType<typeof movementsOf>, name: string) => {
  const found = result.movements.find((entry) => entry.month === name);
  if (!found) throw new Error(`No month ${name}`);
  return found;
};

describe('recurring revenue (ChartMogul definitions)', () => {
  it('is null without any subscription data', () => {
    expect(recurringRevenueCents([], noRates, at('2026-03-01'))).toBeNull();
  });

  it('counts a first monthly payment as new business, and its renewals as nothing', () => {
    const result = movementsOf(
      [
        period('a', '2026-01-10', '2026-02-10', '50.00'),
        period('a', '2026-02-10', '2026-03-10', '50.00'),
        period('a', '2026-03-10', '2026-04-10', '50.00'),
      ],
      '2026-03-20',
    );
    expect(result.mrr).toBe(5000);
    expect(result.activeSubscribers).toBe(1);
    expect(result.movements.map((entry) => [entry.month, entry.new, entry.endMrr])).toEqual([
      ['2026-01', 5000, 5000],
      ['2026-02', 0, 5000],
      ['2026-03', 0, 5000],
    ]);
  });

  it('counts an upgrade mid-period as expansion and a downgrade as contraction', () => {
    const result = movementsOf(
      [
        period('a', '2026-01-10', '2026-02-10', '50.00'),
        // Upgraded on 20 February: the new price's period replaces the old one from that day.
        period('a', '2026-02-10', '2026-03-10', '50.00'),
        period('a', '2026-02-20', '2026-03-20', '80.00'),
        period('a', '2026-03-20', '2026-04-20', '30.00'),
      ],
      '2026-04-01',
    );
    expect(month(result, '2026-02')).toMatchObject({ expansion: 3000, contraction: 0, endMrr: 8000 });
    expect(month(result, '2026-03')).toMatchObject({ expansion: 0, contraction: 5000, endMrr: 3000 });
    expect(result.mrr).toBe(3000);
  });

  it('counts a cancellation as churn at the end of the paid period, once its grace has passed', () => {
    const history = [period('a', '2026-01-10', '2026-02-10', '50.00')];
    // Two days after the end, a renewal may still be read: still counted.
    expect(movementsOf(history, '2026-02-12').mrr).toBe(5000);
    const result = movementsOf(history, '2026-03-01');
    expect(result.mrr).toBe(0);
    expect(result.activeSubscribers).toBe(0);
    expect(month(result, '2026-02')).toMatchObject({ churn: 5000, startMrr: 5000, endMrr: 0 });
  });

  it('counts a late renewal within the grace as no change at all', () => {
    const result = movementsOf(
      [period('a', '2026-01-10', '2026-02-10', '50.00'), period('a', '2026-02-13', '2026-03-13', '50.00')],
      '2026-03-01',
    );
    expect(month(result, '2026-02')).toMatchObject({ churn: 0, reactivation: 0, endMrr: 5000 });
  });

  it('counts a churned customer who pays again as reactivation, not new business', () => {
    const result = movementsOf(
      [
        period('a', '2026-01-10', '2026-02-10', '50.00'),
        period('b', '2026-04-05', '2026-05-05', '40.00', { customerId: 'cus_a' }),
      ],
      '2026-04-10',
    );
    expect(month(result, '2026-02').churn).toBe(5000);
    expect(month(result, '2026-04')).toMatchObject({ new: 0, reactivation: 4000, endMrr: 4000 });
  });

  it('divides a yearly plan by twelve', () => {
    const result = movementsOf(
      [period('y', '2026-01-15', '2027-01-15', '2000.00', { intervalUnit: 'year' })],
      '2026-06-01',
    );
    // $2,000 ÷ 12 = $166.666…, to the cent.
    expect(result.mrr).toBe(16667);
    expect(month(result, '2026-01').new).toBe(16667);
    expect(result.movements).toHaveLength(6);
  });

  it('normalises weeks and multi-month intervals to a month', () => {
    const result = movementsOf(
      [
        period('w', '2026-05-01', '2026-05-08', '10.00', { intervalUnit: 'week' }),
        period('q', '2026-05-01', '2026-08-01', '90.00', { intervalCount: 3 }),
      ],
      '2026-05-03',
    );
    // $10 a week × 52 ÷ 12 = $43.33; $90 a quarter ÷ 3 = $30.
    expect(result.mrr).toBe(4333 + 3000);
    expect(result.activeSubscribers).toBe(2);
  });

  it('counts a coupon as its discounted price, and its end as expansion', () => {
    const result = movementsOf(
      [
        // $100 a month with 20 % off for the first two months.
        period('c', '2026-01-01', '2026-02-01', '80.00'),
        period('c', '2026-02-01', '2026-03-01', '80.00'),
        period('c', '2026-03-01', '2026-04-01', '100.00'),
      ],
      '2026-03-05',
    );
    expect(month(result, '2026-01').new).toBe(8000);
    expect(month(result, '2026-03')).toMatchObject({ expansion: 2000, endMrr: 10000 });
  });

  it('leaves trials and free plans out of MRR; the first paid period is new business', () => {
    const result = movementsOf(
      [
        period('t', '2026-01-01', '2026-01-15', '0.00'),
        period('t', '2026-01-15', '2026-02-15', '50.00'),
        period('f', '2026-01-01', '2026-02-01', '0.00'),
        period('f', '2026-02-01', '2026-03-01', '0.00'),
      ],
      '2026-02-10',
    );
    expect(result.mrr).toBe(5000);
    expect(result.activeSubscribers).toBe(1);
    expect(month(result, '2026-01')).toMatchObject({ new: 5000, churn: 0 });
  });

  it('shows a change of exchange rate as its own line, apart from expansion', () => {
    const rates: UsdRateOf = (currency, day) =>
      currency === 'EUR' ? ({ '2026-01-10': 1.1, '2026-02-10': 1.2, '2026-03-10': 1.2 }[day] ?? null) : null;
    const result = movementsOf(
      [
        period('e', '2026-01-10', '2026-02-10', '100.00', { currency: 'EUR' }),
        // The same price, renewed at a new rate: €100 is $110, then $120.
        period('e', '2026-02-10', '2026-03-10', '100.00', { currency: 'EUR' }),
        // An upgrade at the same rate: €50 more is $60 of expansion and no effect of the rate.
        period('e', '2026-03-10', '2026-04-10', '150.00', { currency: 'EUR' }),
      ],
      '2026-03-15',
      rates,
    );
    expect(month(result, '2026-01')).toMatchObject({ new: 11000, fx: 0 });
    expect(month(result, '2026-02')).toMatchObject({ expansion: 0, contraction: 0, fx: 1000, endMrr: 12000 });
    expect(month(result, '2026-03')).toMatchObject({ expansion: 6000, fx: 0, endMrr: 18000 });
  });

  it('splits an upgrade at a new rate into the rate’s effect and the expansion', () => {
    const rates: UsdRateOf = (_currency, day) => ({ '2026-01-10': 1.1, '2026-02-10': 1.2 })[day] ?? null;
    const result = movementsOf(
      [
        period('e', '2026-01-10', '2026-02-10', '100.00', { currency: 'EUR' }),
        period('e', '2026-02-10', '2026-03-10', '200.00', { currency: 'EUR' }),
      ],
      '2026-02-15',
      rates,
    );
    // €100 at 1.10 = $110 → €200 at 1.20 = $240: the old €100 at the new rate is $10 more (fx), the rest $120.
    expect(month(result, '2026-02')).toMatchObject({ fx: 1000, expansion: 12000, endMrr: 24000 });
  });

  it('counts a subscription that moves to another currency as expansion or contraction', () => {
    const rates: UsdRateOf = () => 1.1;
    const result = movementsOf(
      [
        period('m', '2026-01-10', '2026-02-10', '100.00', { currency: 'EUR' }),
        period('m', '2026-02-10', '2026-03-10', '100.00'),
      ],
      '2026-02-15',
      rates,
    );
    expect(month(result, '2026-02')).toMatchObject({ fx: 0, contraction: 1000, endMrr: 10000 });
  });

  it('counts the end of one of two subscriptions as contraction, the last one as churn', () => {
    const result = movementsOf(
      [
        period('one', '2026-01-01', '2026-02-01', '30.00', { customerId: 'cus_x' }),
        period('two', '2026-01-05', '2026-03-05', '20.00', { customerId: 'cus_x', intervalCount: 2 }),
      ],
      '2026-04-01',
    );
    // The second subscription adds to an existing customer: expansion, not new business.
    expect(month(result, '2026-01')).toMatchObject({ new: 3000, expansion: 1000 });
    expect(month(result, '2026-02')).toMatchObject({ contraction: 3000, churn: 0 });
    expect(month(result, '2026-03')).toMatchObject({ churn: 1000, endMrr: 0 });
  });

  it('leaves out, and counts, a period in a currency without a rate', () => {
    const result = movementsOf(
      [
        period('a', '2026-01-10', '2026-02-10', '50.00'),
        period('j', '2026-01-10', '2026-02-10', '5000', { currency: 'JPY' }),
      ],
      '2026-01-20',
    );
    expect(result.mrr).toBe(5000);
    expect(result.periodsWithoutRate).toBe(1);
  });

  it('adds the movements up to the change of MRR, and gives the churn rate and the quick ratio', () => {
    const result = movementsOf(
      [
        period('a', '2026-01-01', '2026-02-01', '100.00'),
        period('a', '2026-02-01', '2026-03-01', '100.00'),
        period('b', '2026-01-01', '2026-02-01', '50.00'),
        period('b', '2026-02-01', '2026-03-01', '70.00'),
        period('c', '2026-01-01', '2026-02-01', '50.00'),
        period('d', '2026-02-10', '2026-03-10', '40.00'),
      ],
      '2026-02-20',
    );
    const february = month(result, '2026-02');
    expect(february).toMatchObject({
      startMrr: 20000,
      new: 4000,
      expansion: 2000,
      churn: 5000,
      endMrr: 21000,
    });
    // (churn 50 + contraction 0 − expansion 20 − reactivation 0) ÷ 200 = 0.15; (40 + 20) ÷ 50 = 1.2.
    expect(netRevenueChurn(february)).toBe(0.15);
    expect(quickRatio(february)).toBe(1.2);
    expect(quickRatio(month(result, '2026-01'))).toBeNull();
    for (const entry of result.movements) {
      expect(entry.endMrr - entry.startMrr).toBe(
        entry.new + entry.expansion + entry.reactivation - entry.contraction - entry.churn + entry.fx,
      );
    }
    expect(result.movements.at(-1)?.endMrr).toBe(result.mrr);
  });
});
