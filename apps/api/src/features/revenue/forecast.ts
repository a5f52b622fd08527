import {
  FORECAST_MIN_R_SQUARED,
  FORECAST_TARGET_MAX,
  TREND_MONTHS,
  type ForecastStatus,
  type RevenueGrowth,
  type SourceForecast,
} from '@journey/contracts';
import { monthOf } from '@journey/db';

/*
 * The growth trend and the forecast toward $1B (docs/decisions/055-a-trend-not-two-months.md): a
 * least-squares line through ln(revenue) of the six complete months before the current one, a
 * forecast only when that line is meaningful, and the forecast as a range from the slope's interval.
 */

const DAY_MS = 86_400_000;

/** Student's t at 0.9 with 4 degrees of freedom (six months less the two fitted parameters): an 80 % interval. */
const T_80_FOR_SIX_MONTHS = 1.5332;

/** One source's months (or all sources'): what the trend and the forecast are computed from. */
export interface MonthlyHistory {
  /** The six complete months before the current one, oldest first, then the current one: totals. */
  recent: number[];
  /** `YYYY-MM-DD` of the first entry, null without revenue. */
  firstEntryDate: string | null;
  /** Everything earned so far, the current month included. */
  cumulative: number;
}

export interface Goal {
  target: number;
  /** `YYYY-MM`: the month `requiredMonthlyGrowth` aims at. */
  targetMonth: string;
}

/** A source's trend and forecast, with the dashed line of the landing page's log view. */
export type GrowthAndForecast = SourceForecast & {
  forecast: SourceForecast['forecast'] & { projection: { month: string; total: string }[] };
};

/** The least-squares line through ln(total) at x = 0, 1, …: its slope, the slope's interval, and R². */
interface Trend {
  slope: number;
  slopeLow: number;
  slopeHigh: number;
  rSquared: number;
  /** The centroid (x̄, ȳ): the line passes through it, and the slope's uncertainty turns the line about it. */
  meanIndex: number;
  meanLog: number;
}

function fitTrend(totals: number[]): Trend {
  const logs = totals.map((total) => Math.log(total));
  const n = logs.length;
  const meanIndex = (n - 1) / 2;
  const meanLog = logs.reduce((sum, y) => sum + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let sst = 0;
  for (const [x, y] of logs.entries()) {
    sxx += (x - meanIndex) ** 2;
    sxy += (x - meanIndex) * (y - meanLog);
    sst += (y - meanLog) ** 2;
  }
  const slope = sxy / sxx;
  const sse = logs.reduce((sum, y, x) => sum + (y - meanLog - slope * (x - meanIndex)) ** 2, 0);
  // Six equal months (their logs equal but for rounding): the flat line fits every one of them.
  const rSquared = sst < 1e-12 ? 1 : Math.max(0, 1 - sse / sst);
  const spread = T_80_FOR_SIX_MONTHS * Math.sqrt(sse / (n - 2) / sxx);
  return { slope, slopeLow: slope - spread, slopeHigh: slope + spread, rSquared, meanIndex, meanLog };
}

// `|| 0`: no −0 in an answer.
const round = (value: number) => Math.round(value * 10_000) / 10_000 || 0;
const rateOf = (slope: number) => round(Math.exp(slope) - 1);

/** Months since year 0: `YYYY-MM` as a number, so months subtract. */
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** Months from the current one to `target` (`YYYY-MM`), both counted: 1 when they are the same. */
const monthsUntil = (now: Date, target: string) => monthIndex(target) - monthIndex(monthOf(now)) + 1;

/**
 * Complete months since revenue began: the calendar months before the current one from the first
 * entry's month on, that month counted only when the entry is on its 1st (the journey rarely starts
 * on one, and a part month would pull the trend's start down).
 */
function completeMonthsSince(firstEntryDate: string | null, now: Date): number {
  if (!firstEntryDate) return 0;
  const first = monthIndex(firstEntryDate.slice(0, 7)) + (firstEntryDate.endsWith('-01') ? 0 : 1);
  return Math.max(0, monthIndex(monthOf(now)) - first);
}

/**
 * The first month, from the current one (0) on, in which the running total reaches `target`, when
 * month m earns `earns(m)` and the months before the current one have earned `before`; null when
 * that is after `FORECAST_TARGET_MAX`. Returns the running total of every month up to it too.
 */
function monthReaching(
  input: { before: number; target: number; earns: (m: number) => number },
  now: Date,
): { offset: number | null; totals: number[] } {
  const totals: number[] = [];
  let total = input.before;
  const last = monthsUntil(now, FORECAST_TARGET_MAX);
  for (let m = 0; m < last; m++) {
    total += input.earns(m);
    totals.push(total);
    if (total >= input.target) return { offset: m, totals };
  }
  return { offset: null, totals };
}

/** The most points `projection` holds, however far the forecast month is. */
export const PROJECTION_POINTS = 120;

/** Every month's running total when they are few, else evenly spaced ones, always ending on the last. */
function thinned(totals: number[], now: Date): { month: string; total: string }[] {
  const steps = Math.min(totals.length, PROJECTION_POINTS);
  return Array.from({ length: steps }, (_, index) => {
    const k = Math.round(((index + 1) * totals.length) / steps);
    return { month: monthOf(now, k - 1), total: (totals[k - 1] ?? 0).toFixed(2) };
  });
}

/**
 * The monthly growth that brings the running total to `target` by the end of `targetMonth`
 * (bisection), when from the current month on month k earns `level` × (1 + g)^k and the current one
 * at least what it has logged. Null without a level to grow from, or when even +10,000 % is too little.
 */
function requiredGrowth(
  input: { before: number; current: number; level: number; target: number; targetMonth: string },
  now: Date,
): number | null {
  const { before, current, level, target } = input;
  if (before + current >= target) return 0;
  const months = monthsUntil(now, input.targetMonth);
  if (level <= 0 || months < 1) return null;
  const reaches = (growth: number) => {
    const step = 1 + growth;
    const first = level * step;
    // The geometric sum of level × step^k for k = 1…months, the first month taken at least as logged.
    const sum = growth === 0 ? level * months : (first * (step ** months - 1)) / growth;
    return before + sum - first + Math.max(current, first) >= target;
  };
  let low = -0.99;
  let high = 100;
  if (!reaches(high)) return null;
  for (let step = 0; step < 200; step++) {
    const middle = (low + high) / 2;
    if (reaches(middle)) high = middle;
    else low = middle;
  }
  return round(high);
}

/** Why there is no meaningful trend to forecast from, or null when there is one. */
function withoutForecast(
  completeMonths: number,
  window: number[],
  trend: Trend | null,
): Exclude<ForecastStatus, 'forecast' | 'reached' | 'beyond-horizon'> | null {
  if (completeMonths < TREND_MONTHS) return 'too-few-months';
  if (!trend || window.some((total) => total <= 0)) return 'month-without-revenue';
  if (trend.slope <= 0) return 'not-growing';
  if (trend.rSquared < FORECAST_MIN_R_SQUARED) return 'irregular';
  return null;
}

/**
 * The trend of one history and its forecast: the rate and its 80 % interval from the six complete
 * months before the current one; the likely month the running total passes `goal.target` at the
 * trend, the earliest and the latest at the ends of the interval, and the dashed line to the likely
 * month, all only when the trend is meaningful; the growth `goal.targetMonth` needs, always.
 */
export function growthAndForecast(history: MonthlyHistory, goal: Goal, now: Date): GrowthAndForecast {
  const window = Array.from({ length: TREND_MONTHS }, (_, index) => history.recent[index] ?? 0);
  const current = history.recent[TREND_MONTHS] ?? 0;
  const before = history.cumulative - current;
  const completeMonths = completeMonthsSince(history.firstEntryDate, now);
  const fitted = completeMonths >= TREND_MONTHS && window.every((total) => total > 0);
  const trend = fitted ? fitTrend(window) : null;
  const growth: RevenueGrowth = {
    rate: trend ? rateOf(trend.slope) : null,
    low: trend ? rateOf(trend.slopeLow) : null,
    high: trend ? rateOf(trend.slopeHigh) : null,
    rSquared: trend ? round(trend.rSquared) : null,
    from: monthOf(now, -TREND_MONTHS),
    to: monthOf(now, -1),
    completeMonths,
  };

  // The trend's revenue in month m from the current one (m = 0), at `slope` about the centroid; the
  // current month earns at least what it has logged.
  const earnsAt = (fit: Trend, slope: number) => (m: number) => {
    const onTrend = Math.exp(fit.meanLog + slope * (TREND_MONTHS + m - fit.meanIndex));
    return m === 0 ? Math.max(current, onTrend) : onTrend;
  };
  const level = trend
    ? Math.exp(trend.meanLog + trend.slope * (TREND_MONTHS - 1 - trend.meanIndex))
    : (window.at(-1) ?? 0);
  const requiredMonthlyGrowth = requiredGrowth({ before, current, level, ...goal }, now);
  const none = { reachesTargetIn: null, earliest: null, latest: null, requiredMonthlyGrowth, projection: [] };

  if (history.cumulative >= goal.target) {
    const month = monthOf(now);
    const reached = { ...none, status: 'reached' as const, reachesTargetIn: month, earliest: month };
    return { monthlyGrowthRate: growth.rate, growth, forecast: { ...reached, latest: month } };
  }
  const reason = withoutForecast(completeMonths, window, trend);
  if (reason || !trend)
    return {
      monthlyGrowthRate: growth.rate,
      growth,
      forecast: { ...none, status: reason ?? 'too-few-months' },
    };

  const reaching = (slope: number) =>
    monthReaching({ before, target: goal.target, earns: earnsAt(trend, slope) }, now);
  const likely = reaching(trend.slope);
  const monthAt = (offset: number | null) => (offset === null ? null : monthOf(now, offset));
  return {
    monthlyGrowthRate: growth.rate,
    growth,
    forecast: {
      status: likely.offset === null ? 'beyond-horizon' : 'forecast',
      reachesTargetIn: monthAt(likely.offset),
      earliest: monthAt(reaching(trend.slopeHigh).offset),
      latest: monthAt(reaching(trend.slopeLow).offset),
      requiredMonthlyGrowth,
      projection: likely.offset === null ? [] : thinned(likely.totals, now),
    },
  };
}

/** Whole days from the journey's start to `now`, never below zero. */
export const daysSince = (start: string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - Date.parse(`${start}T00:00:00Z`)) / DAY_MS));
