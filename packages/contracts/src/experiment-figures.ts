import { z } from 'zod';
import { decimalString } from './output-fields';

/** A signed amount: an experiment's profit is negative while it costs more than it earns. */
const signedDecimal = z.string().describe('Decimal string with two decimals, may be negative, e.g. "-12.50"');

const month = z
  .string()
  .regex(/^\d{4}-\d{2}$/)
  .describe('A calendar month in UTC, YYYY-MM');

/** Revenue, costs and profit to date (docs/decisions/082-experiment-money.md), in USD. */
export const experimentTotalsSchema = z.object({
  revenue: decimalString,
  costs: decimalString,
  profit: signedDecimal,
});
export type ExperimentTotals = z.infer<typeof experimentTotalsSchema>;

/** One experiment's figures: its totals, and month by month from its first revenue or cost to now. */
export const experimentFiguresSchema = experimentTotalsSchema.extend({
  slug: z.string(),
  months: z.array(experimentTotalsSchema.extend({ month })),
});
export type ExperimentFigures = z.infer<typeof experimentFiguresSchema>;

/** Every experiment's totals, by its id, for the arena's cards. */
export const experimentTotalsListSchema = z.array(
  experimentTotalsSchema.extend({ experimentId: z.number().int() }),
);
export type ExperimentTotalsList = z.infer<typeof experimentTotalsListSchema>;
