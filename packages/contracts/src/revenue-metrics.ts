import { z } from 'zod';
import { perSource } from './enums';
import { FORECAST_STATUSES } from './forecast';
import { decimalString } from './output-fields';
import { privacyNoteSchema } from './privacy';

const month = z
  .string()
  .regex(/^\d{4}-\d{2}$/)
  .describe('A calendar month in UTC, YYYY-MM');
const monthTotal = z.object({ month, total: decimalString });
/** A month's revenue; null when the owner does not show monthly figures exactly (decision 083). */
const privateMonthTotal = z.object({ month, total: decimalString.nullable() });
const range = z
  .string()
  .nullable()
  .describe('The band holding the figure when the owner shows it as a range');

/**
 * The trend of monthly revenue (docs/decisions/055-a-trend-not-two-months.md): a least-squares line
 * through the logarithm of the last six complete months. Rates are fractions (0.18 is +18 % a month).
 */
export const revenueGrowthSchema = z.object({
  /** The trend's monthly growth, rounded to four decimals; null without six complete months, each with revenue. */
  rate: z.number().nullable(),
  /** The 80 % confidence interval of that rate (from the slope's t interval). */
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** How much of the months' variation (on the log scale) the trend explains, 0 to 1. */
  rSquared: z.number().nullable(),
  /** The first and the last month fitted: the six calendar months before the current one. */
  from: month,
  to: month,
  /** Complete months since the first month of revenue (a first month counts when its first entry is on the 1st). */
  completeMonths: z.number().int().min(0),
});
export type RevenueGrowth = z.infer<typeof revenueGrowthSchema>;

/** When the running total passes the target, as a range, or why there is no forecast. */
const forecastCore = z.object({
  /** Why there is a forecast or not; `forecast` only when it is meaningful (decision 055). */
  status: z.enum(FORECAST_STATUSES),
  /** The likely month the running total passes the target, at the trend; null unless `status` is `forecast` or `reached`. */
  reachesTargetIn: month.nullable(),
  /** The earliest and the latest month, at the high and the low end of the rate's 80 % interval; null after `horizon`. */
  earliest: month.nullable(),
  latest: month.nullable(),
  /** The monthly growth (a fraction) that reaches the target by `targetMonth`; null without revenue to grow from. */
  requiredMonthlyGrowth: z.number().nullable(),
});

/** One source's own trend and forecast, for the tracker's source filter. */
export const sourceForecastSchema = z.object({
  /** The same as `growth.rate`. */
  monthlyGrowthRate: z.number().nullable(),
  growth: revenueGrowthSchema,
  forecast: forecastCore,
});
export type SourceForecast = z.infer<typeof sourceForecastSchema>;

/** A signed amount: the effect of exchange rates may lower MRR. */
const signedDecimal = z.string().describe('Decimal string with two decimals, may be negative, e.g. "-12.50"');

/**
 * One month's MRR movements (docs/decisions/080-recurring-revenue.md), ChartMogul's five and `fx`,
 * the effect of exchange rates on prices that did not change. Contraction and churn are losses,
 * written as positive amounts; the MRR the month ended with equals the one it started with plus new,
 * expansion, reactivation and fx, minus contraction and churn.
 */
export const mrrMovementSchema = z.object({
  month,
  new: decimalString,
  expansion: decimalString,
  contraction: decimalString,
  churn: decimalString,
  reactivation: decimalString,
  fx: signedDecimal,
  /** MRR at the month's start and at its end (for the current month: now). */
  startMrr: decimalString,
  endMrr: decimalString,
  /** (churn + contraction − expansion − reactivation) ÷ the month's starting MRR; null from nothing. */
  netRevenueChurn: z.number().nullable(),
  /** (new + expansion + reactivation) ÷ (churn + contraction); null without a loss. */
  quickRatio: z.number().nullable(),
});
export type MrrMovement = z.infer<typeof mrrMovementSchema>;

/** The figures a skeptic can check (docs/decisions/042-revenue-metrics.md); money as decimal strings. */
export const revenueMetricsSchema = z
  .object({
    currentMonth: privateMonthTotal,
    previousMonth: privateMonthTotal,
    bestMonth: privateMonthTotal.nullable(),
    /** The trend's monthly growth, `growth.rate` (decision 055; before it, the last against the third-last month). */
    monthlyGrowthRate: z.number().nullable(),
    growth: revenueGrowthSchema,
    daysElapsed: z.number().int().min(0),
    activeSources: z.number().int().min(0),
    /** Null when the owner does not show the total exactly. */
    cumulativeTotal: decimalString.nullable(),
    forecast: forecastCore.extend({
      target: decimalString,
      /** The month by which `requiredMonthlyGrowth` reaches the target. */
      targetMonth: month,
      /** The latest month a forecast names: later ones are null (and said as "after" it). */
      horizon: month,
      /** The running total projected at the trend up to `reachesTargetIn` (≤ 120 points); empty without it. */
      projection: z.array(monthTotal),
    }),
    /** Every source's own trend and forecast, so the tracker's filter changes the forecast line too. */
    bySource: z.object(perSource(() => sourceForecastSchema)),
    /**
     * Monthly recurring revenue now, from the providers' subscriptions; null without any subscription
     * data, or when the owner does not show it exactly (then `movements` is null too).
     */
    mrr: decimalString.nullable(),
    /** MRR × 12; null with it. */
    arr: decimalString.nullable(),
    /** Customers paying for at least one subscription now; null without subscription data, or with MRR hidden. */
    activeSubscribers: z.number().int().min(0).nullable(),
    /** Every month from the first movement to this one; null without subscription data. */
    movements: z.array(mrrMovementSchema).nullable(),
    /** The bands of the figures the owner shows as ranges (decision 083); null for any other figure. */
    ranges: z.object({
      currentMonth: range,
      previousMonth: range,
      bestMonth: range,
      cumulativeTotal: range,
      mrr: range,
      arr: range,
    }),
    /** One sentence per figure above, saying how it is calculated. */
    howCalculated: z.record(z.string(), z.string()),
  })
  .extend(privacyNoteSchema.shape);
export type RevenueMetrics = z.infer<typeof revenueMetricsSchema>;
