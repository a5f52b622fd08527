import {
  decimalOfCents,
  MRR_DEFINITIONS_URL,
  netRevenueChurn,
  quickRatio,
  recurringRevenueCents,
  type RevenueMetrics,
} from '@journey/contracts';
import { listSubscriptionPeriods, ratesToUsd, type Database } from '@journey/db';

const usd = (cents: number) => decimalOfCents(BigInt(cents));

type Recurring = Pick<RevenueMetrics, 'mrr' | 'arr' | 'activeSubscribers' | 'movements'>;

const NONE: Recurring = { mrr: null, arr: null, activeSubscribers: null, movements: null };

/** Each rate is read once: a year of monthly renewals in one currency is twelve lookups. */
async function ratesFor(db: Database, wanted: readonly { currency: string; day: string }[]) {
  const rates = new Map<string, number | null>();
  for (const { currency, day } of wanted) {
    const key = `${currency} ${day}`;
    if (rates.has(key)) continue;
    const found = await ratesToUsd(db, currency, day);
    rates.set(key, found ? Number(found.usdPerEuro) / Number(found.currencyPerEuro) : null);
  }
  return (currency: string, day: string) => rates.get(`${currency} ${day}`) ?? null;
}

/** MRR, ARR, subscribers and the monthly movements (docs/decisions/080-recurring-revenue.md). */
export async function recurringRevenue(db: Database, now: Date): Promise<Recurring> {
  const periods = await listSubscriptionPeriods(db);
  if (periods.length === 0) return NONE;
  const rateOf = await ratesFor(
    db,
    periods
      .filter((period) => period.currency !== 'USD')
      .map((period) => ({ currency: period.currency, day: period.periodStart.toISOString().slice(0, 10) })),
  );
  const result = recurringRevenueCents(periods, rateOf, now);
  if (!result) return NONE;
  return {
    mrr: usd(result.mrr),
    arr: usd(result.mrr * 12),
    activeSubscribers: result.activeSubscribers,
    movements: result.movements.map((month) => ({
      month: month.month,
      new: usd(month.new),
      expansion: usd(month.expansion),
      contraction: usd(month.contraction),
      churn: usd(month.churn),
      reactivation: usd(month.reactivation),
      fx: usd(month.fx),
      startMrr: usd(month.startMrr),
      endMrr: usd(month.endMrr),
      netRevenueChurn: netRevenueChurn(month),
      quickRatio: quickRatio(month),
    })),
  };
}

const CHARTMOGUL = `ChartMogul’s definitions (${MRR_DEFINITIONS_URL})`;

/** How each recurring figure is calculated, each naming the definitions it follows. */
export const RECURRING_HOW_CALCULATED = {
  mrr: `Monthly recurring revenue, following ${CHARTMOGUL}: for every subscription, the price of the period it is paying for after discounts and without tax, divided into months (a yearly plan ÷ 12, a week × 52 ÷ 12), trials and free plans left out, converted to USD at the ECB rate of the period’s first day, summed over the subscriptions active now. A cancelled subscription counts until the end of the period it paid for; a renewal read up to 7 days late is no cancellation.`,
  arr: `Annual run rate: MRR × 12, following ${CHARTMOGUL}.`,
  activeSubscribers: `Customers paying for at least one subscription now (a customer with two subscriptions counts once), following ${CHARTMOGUL}.`,
  movements: `Each change of a customer’s MRR, following ${CHARTMOGUL}: new business (a first payment), expansion and contraction (a change of plan, quantity or discount, or a second subscription added or ended), churn (the last subscription’s paid period ended), reactivation (a former customer paying again). A price that did not change but is worth more or less in USD after a renewal at a new rate is neither: it is the line “exchange rates”. Net revenue churn = (churn + contraction − expansion − reactivation) ÷ the month’s starting MRR; quick ratio = (new + expansion + reactivation) ÷ (churn + contraction).`,
} as const;
