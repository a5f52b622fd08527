import { z } from 'zod';
import { REVENUE_DESCRIPTION_MAX, REVENUE_DESCRIPTION_MIN } from './constants';
import { perSource, REVENUE_PROVENANCES, REVENUE_PROVIDERS, REVENUE_SOURCES } from './enums';
import {
  DEFAULT_REVENUE_SERIES_RANGE,
  REVENUE_SERIES_BUCKETS,
  REVENUE_SERIES_RANGES,
} from './revenue-series';
import { experimentIdField } from './costs';
import { pastDateField } from './date-fields';
import { privacyNoteSchema } from './privacy';
import { moneyField } from './money-fields';
import { idField } from './number-fields';
import { decimalString, isoTimestamp } from './output-fields';
import { textField } from './text-fields';
import { enumField } from './enum-field';

export const revenueSource = enumField('Source', REVENUE_SOURCES);

export const revenueInput = z.object(
  {
    amount: moneyField(),
    source: revenueSource,
    description: textField({
      label: 'Description',
      min: REVENUE_DESCRIPTION_MIN,
      max: REVENUE_DESCRIPTION_MAX,
    }),
    date: pastDateField(),
    /**
     * docs/decisions/082-experiment-money.md: the experiment the entry is assigned to by hand, null for
     * none. Left out, an edit keeps the entry's (a client written before the field sends none).
     */
    experimentId: experimentIdField.optional(),
  },
  { error: 'Expected a JSON object.' },
);
export type RevenueInput = z.input<typeof revenueInput>;
export type RevenueValues = z.output<typeof revenueInput>;

export const revenueUpdateInput = revenueInput.extend({ id: idField });

export const revenueSchema = z.object({
  id: z.number().int(),
  amount: decimalString.describe('In USD; negative only for a provider’s refund or adjustment'),
  source: z.enum(REVENUE_SOURCES),
  description: z.string(),
  date: isoTimestamp,
  /** docs/decisions/076-revenue-provenance.md */
  provenance: z.enum(REVENUE_PROVENANCES),
  provider: z.enum(REVENUE_PROVIDERS as [string, ...string[]]).nullable(),
  externalId: z.string().nullable(),
  currency: z.string().describe('ISO 4217 code of what the customer paid'),
  originalAmount: decimalString.describe('What the customer paid, in `currency`'),
  experimentId: z
    .number()
    .int()
    .nullable()
    .describe('The experiment the entry is assigned to by hand; its rules may give it one otherwise'),
});
export type Revenue = z.infer<typeof revenueSchema>;

/** The totals as the database holds them: every figure exact, for the server's own use. */
export const revenueTotalsSchema = z.object({
  totalRevenue: decimalString,
  bySource: z.object(perSource(() => decimalString)),
});
export type RevenueTotals = z.infer<typeof revenueTotalsSchema>;

const range = z
  .string()
  .nullable()
  .describe('The band holding the figure when the owner shows it as a range');

/**
 * The totals as they leave the server (docs/decisions/083-privacy-per-figure.md): a figure the owner
 * does not show exactly is null, with its band in `ranges` when shown as a range.
 */
export const revenueSummarySchema = z
  .object({
    totalRevenue: decimalString.nullable(),
    bySource: z.object(perSource(() => decimalString.nullable())),
    ranges: z.object({ totalRevenue: range, bySource: z.object(perSource(() => range)) }),
  })
  .extend(privacyNoteSchema.shape);
export type RevenueSummary = z.infer<typeof revenueSummarySchema>;

export const revenueSeriesRange = z.enum(REVENUE_SERIES_RANGES, {
  error: 'Range must be 30d, 90d, 1y or all.',
});

export const revenueSeriesInput = z.object(
  { range: revenueSeriesRange.default(DEFAULT_REVENUE_SERIES_RANGE) },
  { error: 'Expected an object.' },
);
export type RevenueSeriesRequest = z.input<typeof revenueSeriesInput>;

/** Cumulative amounts at the end of the bucket starting on `date`, everything before the range included. */
export const revenueSeriesPointSchema = z.object({
  date: z.string().describe('First day of the bucket, YYYY-MM-DD (UTC)'),
  ...perSource(() => decimalString),
  total: decimalString,
});
export type RevenueSeriesPoint = z.infer<typeof revenueSeriesPointSchema>;

export const revenueSeriesSchema = z.object({
  range: z.enum(REVENUE_SERIES_RANGES),
  bucket: z.enum(REVENUE_SERIES_BUCKETS),
  /** Empty when `private`. */
  points: z.array(revenueSeriesPointSchema),
  /**
   * True when the owner does not show the total, the sources and the months all exactly
   * (docs/decisions/083-privacy-per-figure.md): a series would give them away.
   */
  private: z.boolean(),
});
export type RevenueSeries = z.infer<typeof revenueSeriesSchema>;
