import { z } from 'zod';
import { decimalString } from './fields';

const month = z
  .string()
  .regex(/^\d{4}-\d{2}$/)
  .describe('A calendar month in UTC, YYYY-MM');
const monthTotal = z.object({ month, total: decimalString });

/** The figures a skeptic can check (docs/decisions/042-revenue-metrics.md); money as decimal strings. */
export const revenueMetricsSchema = z.object({
  currentMonth: monthTotal,
  previousMonth: monthTotal,
  bestMonth: monthTotal.nullable(),
  /** A fraction (0.18 is +18 % a month), or null without three complete months or with a zero base. */
  monthlyGrowthRate: z.number().nullable(),
  daysElapsed: z.number().int().min(0),
  activeSources: z.number().int().min(0),
  cumulativeTotal: decimalString,
  forecast: z.object({
    target: decimalString,
    /** The month the running total passes the target at the trailing growth rate; null when it never does. */
    reachesTargetIn: month.nullable(),
    /** The month by which `requiredMonthlyGrowth` reaches the target. */
    targetMonth: month,
    /** The monthly growth (a fraction) that reaches the target by `targetMonth`; null without a base month. */
    requiredMonthlyGrowth: z.number().nullable(),
    /** The running total projected at the growth rate up to `reachesTargetIn` (≤ 120 points); empty without it. */
    projection: z.array(monthTotal),
  }),
  /** One sentence per figure above, saying how it is calculated. */
  howCalculated: z.record(z.string(), z.string()),
});
export type RevenueMetrics = z.infer<typeof revenueMetricsSchema>;
