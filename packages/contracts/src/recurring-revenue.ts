import type { ConnectionProvider, SubscriptionInterval } from './enums';

/**
 * Recurring revenue (docs/decisions/080-recurring-revenue.md), following ChartMogul's definitions:
 * MRR from what each subscription was billed for its service period, normalised to a month, and its
 * movements (new business, expansion, contraction, churn, reactivation) per customer, with the effect
 * of exchange rates as its own line.
 */

/** One billed service period of one subscription, as the providers' invoices say it. */
export interface SubscriptionPeriod {
  provider: ConnectionProvider;
  /** The provider's id of the invoice line (or transaction item, or order) it was read from. */
  externalId: string;
  subscriptionId: string;
  customerId: string;
  productId: string | null;
  priceId: string | null;
  periodStart: Date;
  periodEnd: Date;
  /** One whole interval's price after discounts, without tax, in `currency`, as a decimal string. */
  amount: string;
  currency: string;
  intervalUnit: SubscriptionInterval;
  intervalCount: number;
}

/** ChartMogul's definitions, which every figure's "how calculated" links. */
export const MRR_DEFINITIONS_URL =
  'https://help.chartmogul.com/hc/en-us/articles/203299912-Data-Table-and-MRR-Movements-';

/**
 * A subscription whose next period starts within this long after the last one ended was never
 * cancelled (a late payment, a renewal invoice read a day later); one with no next period counts as
 * churned at its end only once this long has passed.
 */
export const RENEWAL_GRACE_DAYS = 7;
const GRACE_MS = RENEWAL_GRACE_DAYS * 86_400_000;

/** One interval in months, so a price becomes a monthly one: a year is 12, a week 12/52, a day 12/365. */
const MONTHS_PER_UNIT: Record<SubscriptionInterval, number> = {
  day: 12 / 365,
  week: 12 / 52,
  month: 1,
  year: 12,
};

/** USD per unit of `currency` on `day` (YYYY-MM-DD), or null when no rate is known. */
export type UsdRateOf = (currency: string, day: string) => number | null;

/** One month's movements, in USD cents, as ChartMogul names them, and `fx`, the effect of exchange rates. */
export interface MrrMovementCents {
  month: string;
  new: number;
  expansion: number;
  contraction: number;
  churn: number;
  reactivation: number;
  fx: number;
  /** MRR at the month's start and at its end (for the current month: now). */
  startMrr: number;
  endMrr: number;
}

export interface RecurringRevenueCents {
  mrr: number;
  activeSubscribers: number;
  movements: MrrMovementCents[];
  /** Periods in a currency the stored rates do not cover on their first day: left out, and counted. */
  periodsWithoutRate: number;
}

/** A subscription's state at an instant: its monthly price in its currency and in USD cents. */
interface Priced {
  currency: string;
  native: number;
  /** USD per unit of the currency on the period's first day. */
  rate: number;
  usd: number;
}

interface Span {
  start: number;
  end: number;
  priced: Priced;
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
export const monthOfTime = (time: number) => new Date(time).toISOString().slice(0, 7);

/** The monthly price of a period, in its currency's minor units (cents), not rounded. */
function monthlyNative(period: SubscriptionPeriod): number {
  const cents = Math.round(Number(period.amount) * 100);
  return cents / (MONTHS_PER_UNIT[period.intervalUnit] * period.intervalCount);
}

/**
 * The spans of one subscription: each period from its start until the next one starts (a change of
 * plan mid-period replaces it), or until its end; a gap shorter than the grace is closed, and a last
 * period still within its grace is open.
 */
function spansOf(
  periods: SubscriptionPeriod[],
  price: (period: SubscriptionPeriod) => Priced | null,
  now: number,
): Span[] {
  const sorted = [...periods].sort((a, b) => a.periodStart.getTime() - b.periodStart.getTime());
  const spans: Span[] = [];
  sorted.forEach((period, index) => {
    const priced = price(period);
    if (!priced) return;
    const start = period.periodStart.getTime();
    const next = sorted[index + 1]?.periodStart.getTime();
    let end = period.periodEnd.getTime();
    if (next !== undefined && next <= end + GRACE_MS) end = next;
    else if (next === undefined && now < end + GRACE_MS) end = Number.POSITIVE_INFINITY;
    if (end > start) spans.push({ start, end, priced });
  });
  return spans;
}

/**
 * MRR and its movements from billed periods (docs/decisions/080-recurring-revenue.md), following
 * ChartMogul: each subscription's MRR is its price normalised to a month, after discounts and without
 * tax, converted at the rate of its period's first day; a customer's MRR is the sum of theirs; each
 * change of a customer's MRR is one movement: new business (from nothing, the first time),
 * reactivation (from nothing, again), churn (to nothing, at the end of the paid period), expansion or
 * contraction (between two amounts), and `fx`, the part of a change that comes from a new exchange
 * rate for the same price. In USD cents, so the movements add up exactly to the change of MRR.
 */
export function recurringRevenueCents(
  periods: readonly SubscriptionPeriod[],
  rateOf: UsdRateOf,
  now: Date,
): RecurringRevenueCents | null {
  if (periods.length === 0) return null;
  const nowTime = now.getTime();
  let periodsWithoutRate = 0;
  const price = (period: SubscriptionPeriod): Priced | null => {
    const native = monthlyNative(period);
    const rate = period.currency === 'USD' ? 1 : rateOf(period.currency, dayOf(period.periodStart.getTime()));
    if (rate === null) {
      periodsWithoutRate += 1;
      return null;
    }
    return { currency: period.currency, native, rate, usd: Math.round(native * rate) };
  };

  const bySubscription = new Map<string, { customer: string; periods: SubscriptionPeriod[] }>();
  for (const period of periods) {
    const key = `${period.provider} ${period.subscriptionId}`;
    const entry = bySubscription.get(key) ?? {
      customer: `${period.provider} ${period.customerId}`,
      periods: [],
    };
    entry.periods.push(period);
    bySubscription.set(key, entry);
  }
  const byCustomer = new Map<string, Map<string, Span[]>>();
  for (const [key, { customer, periods: own }] of bySubscription) {
    const subscriptions = byCustomer.get(customer) ?? new Map<string, Span[]>();
    subscriptions.set(key, spansOf(own, price, nowTime));
    byCustomer.set(customer, subscriptions);
  }

  const months = new Map<string, MrrMovementCents>();
  const monthEntry = (month: string) => {
    const entry = months.get(month) ?? {
      month,
      new: 0,
      expansion: 0,
      contraction: 0,
      churn: 0,
      reactivation: 0,
      fx: 0,
      startMrr: 0,
      endMrr: 0,
    };
    months.set(month, entry);
    return entry;
  };

  let mrr = 0;
  let activeSubscribers = 0;
  for (const subscriptions of byCustomer.values()) {
    const instants = new Set<number>();
    for (const spans of subscriptions.values()) {
      for (const span of spans) {
        if (span.start <= nowTime) instants.add(span.start);
        if (span.end <= nowTime) instants.add(span.end);
      }
    }
    const stateAt = (time: number) => {
      const state = new Map<string, Priced>();
      for (const [key, spans] of subscriptions) {
        const span = spans.findLast((candidate) => candidate.start <= time && time < candidate.end);
        if (span) state.set(key, span.priced);
      }
      return state;
    };
    const total = (state: Map<string, Priced>) =>
      [...state.values()].reduce((sum, priced) => sum + priced.usd, 0);

    let before = new Map<string, Priced>();
    let paidBefore = false;
    for (const time of [...instants].sort((a, b) => a - b)) {
      const after = stateAt(time);
      const from = total(before);
      const to = total(after);
      if (from === to && from === 0) {
        before = after;
        continue;
      }
      const entry = monthEntry(monthOfTime(time));
      if (from === 0 && to > 0) {
        if (paidBefore) entry.reactivation += to;
        else entry.new += to;
        paidBefore = true;
      } else if (from > 0 && to === 0) {
        entry.churn += from;
      } else if (from > 0 && to > 0) {
        // The same price in the same currency at the new rate: what the change of rate alone did.
        let fx = 0;
        for (const [key, was] of before) {
          const is = after.get(key);
          if (is && is.currency === was.currency && was.currency !== 'USD') {
            fx += Math.round(was.native * is.rate) - was.usd;
          }
        }
        const rest = to - from - fx;
        entry.fx += fx;
        if (rest > 0) entry.expansion += rest;
        else entry.contraction -= rest;
      }
      before = after;
    }
    const current = total(before);
    mrr += current;
    if (current > 0) activeSubscribers += 1;
  }

  if (months.size === 0) return { mrr, activeSubscribers, movements: [], periodsWithoutRate };
  // Every month from the first movement to now, with the MRR each one starts and ends with.
  const first = [...months.keys()].sort()[0] ?? monthOfTime(nowTime);
  const last = monthOfTime(nowTime);
  const movements: MrrMovementCents[] = [];
  let running = 0;
  for (let month = first; month <= last; month = nextMonth(month)) {
    const entry = monthEntry(month);
    entry.startMrr = running;
    running += entry.new + entry.expansion + entry.reactivation - entry.contraction - entry.churn + entry.fx;
    entry.endMrr = running;
    movements.push(entry);
  }
  return { mrr, activeSubscribers, movements, periodsWithoutRate };
}

function nextMonth(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/**
 * ChartMogul's net MRR churn rate: (churn + contraction − expansion − reactivation) ÷ the MRR the
 * month started with; negative when existing customers grew more than they left. Null from nothing.
 */
export function netRevenueChurn(month: MrrMovementCents): number | null {
  if (month.startMrr <= 0) return null;
  return round4((month.churn + month.contraction - month.expansion - month.reactivation) / month.startMrr);
}

/** The quick ratio: MRR gained (new, expansion, reactivation) ÷ MRR lost (churn, contraction). Null without a loss. */
export function quickRatio(month: MrrMovementCents): number | null {
  const lost = month.churn + month.contraction;
  if (lost <= 0) return null;
  return round4((month.new + month.expansion + month.reactivation) / lost);
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
