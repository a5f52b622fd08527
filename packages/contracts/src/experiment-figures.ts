import { z } from 'zod';
import { decimalString } from './output-fields';
import { PRIVACY_LEVELS, shownAmountSchema } from './privacy';

/** A signed amount: an experiment's profit is negative while it costs more than it earns. */
const signedDecimal = z.string().describe('Decimal string with two decimals, may be negative, e.g. "-12.50"');

const month = z
  .string()
  .regex(/^\d{4}-\d{2}$/)
  .describe('A calendar month in UTC, YYYY-MM');

/** Revenue, costs and profit to date (docs/decisions/082-experiment-money.md), in USD, exact. */
export const experimentTotalsSchema = z.object({
  revenue: decimalString,
  costs: decimalString,
  profit: signedDecimal,
});
export type ExperimentTotals = z.infer<typeof experimentTotalsSchema>;

export const experimentMonthSchema = experimentTotalsSchema.extend({ month });
export type ExperimentMonth = z.infer<typeof experimentMonthSchema>;

/** One experiment's exact money as the database sums it: what the server knows, before privacy. */
export type ExperimentMoney = ExperimentTotals & { slug: string; months: ExperimentMonth[] };

/** Every experiment's exact totals, by its id (experiments without money are left out). */
export type ExperimentTotalsList = (ExperimentTotals & { experimentId: number })[];

const privacyLevel = z
  .enum(PRIVACY_LEVELS)
  .describe(
    'How the owner shows the experiments’ figures (docs/decisions/083-privacy-per-figure.md): `exact` gives the amounts and the months, `range` only the bands to date, `hidden` nothing',
  );

const bandRule = z
  .string()
  .nullable()
  .describe('How wide a band is, to be stated beside ranged figures; null unless `privacy` is `range`');

/** Revenue, costs and profit to date as they leave the server: each exact, as a band, or neither. */
export const shownTotalsSchema = z.object({
  revenue: shownAmountSchema,
  costs: shownAmountSchema,
  profit: shownAmountSchema.describe('Revenue minus costs; its amount or band may be negative'),
});
export type ShownTotals = z.infer<typeof shownTotalsSchema>;

/**
 * One experiment's figures, as the owner's privacy allows: the totals to date, and the months only
 * when they are exact (a series of bands would narrow each band down).
 */
export const experimentFiguresSchema = shownTotalsSchema.extend({
  slug: z.string(),
  privacy: privacyLevel,
  months: z
    .array(experimentMonthSchema)
    .describe('Month by month from the first revenue or cost to now; empty unless `privacy` is `exact`'),
  bandRule,
});
export type ExperimentFigures = z.infer<typeof experimentFiguresSchema>;

/** Every experiment's figures to date, for the arena's cards, in the arena's order. */
export const arenaFiguresSchema = z.object({
  privacy: privacyLevel,
  bandRule,
  experiments: z.array(shownTotalsSchema.extend({ experimentId: z.number().int(), slug: z.string() })),
});
export type ArenaFigures = z.infer<typeof arenaFiguresSchema>;
