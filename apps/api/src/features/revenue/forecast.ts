import { monthOf, type RevenueAggregates } from '@journey/db';

const DAY_MS = 86_400_000;

/** Months from the current one to `target` (`YYYY-MM`), both counted: 1 when they are the same. */
function monthsUntil(now: Date, target: string): number {
  const [year = 0, month = 1] = target.split('-').map(Number);
  return (year - now.getUTCFullYear()) * 12 + (month - 1 - now.getUTCMonth()) + 1;
}

/**
 * Compound monthly growth over the last three complete months: (last ÷ first)^(1/2) − 1, two steps
 * from the third-last month to the last. Null when the journey is younger than those three months or
 * the first of them earned nothing.
 */
export function monthlyGrowthRate(aggregates: RevenueAggregates, now: Date): number | null {
  const first = Number(aggregates.thirdCompleteMonth);
  if (!aggregates.firstEntryDate || aggregates.firstEntryDate.slice(0, 7) > monthOf(now, -3) || first <= 0)
    return null;
  return round(Math.sqrt(Number(aggregates.lastCompleteMonth) / first) - 1);
}

const round = (fraction: number) => Math.round(fraction * 10_000) / 10_000;

/** The running total after `months` more months, the k-th earning base × (1 + g)^k. */
function totalAfter(cumulative: number, base: number, growth: number, months: number): number {
  if (growth === 0) return cumulative + base * months;
  return cumulative + (base * (1 + growth) * ((1 + growth) ** months - 1)) / growth;
}

/**
 * The month the running total passes `target` if every month from the current one earns the last
 * complete month's revenue grown by `growth` once more: null when growth or that base is not positive.
 */
export function reachesTargetIn(
  input: { cumulative: number; base: number; growth: number | null; target: number },
  now: Date,
): string | null {
  const { cumulative, base, growth, target } = input;
  if (cumulative >= target) return monthOf(now);
  if (growth === null || growth <= 0 || base <= 0) return null;
  const months = Math.ceil(
    Math.log(1 + ((target - cumulative) * growth) / (base * (1 + growth))) / Math.log(1 + growth),
  );
  // Floating point may land a hair short of the target: the month found is checked, and the next taken.
  const n = totalAfter(cumulative, base, growth, months) >= target ? months : months + 1;
  return monthOf(now, n - 1);
}

/** The most points `projectionPath` draws, however far the forecast month is. */
export const PROJECTION_POINTS = 120;

/**
 * The running total at `growth` from this month to the forecast month (`reachesTargetIn`), for the
 * landing page's dashed line: every month when there are few, else evenly spaced ones, always ending
 * on the forecast month. Empty without a forecast.
 */
export function projectionPath(
  input: { cumulative: number; base: number; growth: number | null; reachesTargetIn: string | null },
  now: Date,
): { month: string; total: string }[] {
  const { cumulative, base, growth, reachesTargetIn } = input;
  if (growth === null || reachesTargetIn === null) return [];
  const months = monthsUntil(now, reachesTargetIn);
  const steps = Math.min(months, PROJECTION_POINTS);
  return Array.from({ length: steps }, (_, index) => {
    const k = Math.round(((index + 1) * months) / steps);
    return { month: monthOf(now, k - 1), total: totalAfter(cumulative, base, growth, k).toFixed(2) };
  });
}

/** The monthly growth that brings the running total to `target` by the end of `targetMonth` (bisection). */
export function requiredMonthlyGrowth(
  input: { cumulative: number; base: number; target: number; targetMonth: string },
  now: Date,
): number | null {
  const { cumulative, base, target } = input;
  if (cumulative >= target) return 0;
  const months = monthsUntil(now, input.targetMonth);
  if (base <= 0 || months < 1) return null;
  let low = -0.99;
  let high = 100;
  if (totalAfter(cumulative, base, high, months) < target) return null;
  for (let step = 0; step < 200; step++) {
    const middle = (low + high) / 2;
    if (totalAfter(cumulative, base, middle, months) >= target) high = middle;
    else low = middle;
  }
  return round(high);
}

/** Whole days from the journey's start to `now`, never below zero. */
export const daysSince = (start: string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - Date.parse(`${start}T00:00:00Z`)) / DAY_MS));
