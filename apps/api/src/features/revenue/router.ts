import {
  deletedRevenueSchema,
  revenueChangeSchema,
  revenueCorrectionsSchema,
  revenueDeleteInput,
  revenueEditInput,
  revenueInput,
  revenueMetricsSchema,
  revenuePageInput,
  revenueSchema,
  revenueSeriesInput,
  revenueSeriesSchema,
  revenueSummarySchema,
  revenueUndoInput,
} from '@journey/contracts';
import {
  countCorrections,
  createRevenue,
  deletedRevenues,
  deleteRevenue,
  getRevenueSummary,
  listRevenues,
  orUnknownExperiment,
  pageRevenues,
  revenueHistory,
  revenueIsKnown,
  revenueSeries,
  undoLastRevenueChange,
  updateRevenue,
} from '@journey/db';
import { z } from 'zod';
import { adminRowProcedures, deleteProcedure, type RowKind } from '../../trpc/admin-rows';
import { historyProcedures } from '../../trpc/history-procedures';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import { withKnownExperiment } from '../costs/router';
import { readPrivacy, shownMetrics, shownSeries, shownSummary } from '../privacy/shown-figures';
import { revenueMetrics } from './metrics';

const REVENUE: RowKind = {
  noun: 'Revenue entry',
  tables: ['revenues'],
  path: '/revenue',
  entity: 'revenue',
};

/** An entry naming an experiment that is not there: a 400 on `experimentId`, as a cost's (decision 082). */
const knownExperiment = <T>(write: Promise<T>) => withKnownExperiment(orUnknownExperiment(write));

export const revenueRouter = router({
  summary: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/revenue', tags: ['revenue'], summary: 'Revenue totals' },
      publicCache: ['revenues', 'settings'],
    })
    .input(z.void())
    .output(revenueSummarySchema)
    .query(async ({ ctx }) => {
      const [totals, privacy] = await Promise.all([getRevenueSummary(ctx.database.db), readPrivacy(ctx)]);
      return shownSummary(totals, privacy);
    }),

  /** The landing page's revenue-over-time chart: cumulative amounts by source, bucketed by range. */
  series: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/revenue/series',
        tags: ['revenue'],
        summary: 'Cumulative revenue by source over time',
        description:
          'One point per bucket (30d: day, 90d: ISO week from Monday, 1y and all: month; UTC) from the range start to today, each holding the running totals at the end of its bucket, everything before the range included. No revenue: no points.',
      },
      publicCache: ['revenues', 'settings'],
    })
    .input(revenueSeriesInput)
    .output(revenueSeriesSchema)
    .query(async ({ ctx, input }) => {
      const [series, privacy] = await Promise.all([
        revenueSeries(ctx.database.db, input.range, ctx.now()),
        readPrivacy(ctx),
      ]);
      return shownSeries(series, privacy);
    }),

  /** docs/decisions/042-revenue-metrics.md: computed figures and the $1B forecast, each saying how. */
  metrics: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/revenue/metrics',
        tags: ['revenue'],
        summary: 'Computed revenue figures and the forecast toward $1B',
        description:
          'Months are UTC calendar months; money is decimal strings, rates are fractions (0.18 is +18 % a month). The growth rate is the least-squares trend of ln(revenue) over the last six complete months, and the forecast a likely month with an 80 % earliest–latest span, given only when `forecast.status` is `forecast`; `bySource` holds each source’s own. `howCalculated` holds one sentence per figure.',
      },
      // Today's month and day count too: the public cache empties itself when the UTC day changes.
      publicCache: ['revenues', 'settings'],
    })
    .input(z.void())
    .output(revenueMetricsSchema)
    .query(async ({ ctx }) => {
      const [metrics, privacy] = await Promise.all([revenueMetrics(ctx), readPrivacy(ctx)]);
      return shownMetrics(metrics, privacy);
    }),

  list: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/revenues/all', tags: ['revenue'], summary: 'All revenue entries' },
    })
    .input(z.void())
    .output(z.array(revenueSchema))
    .query(({ ctx }) => listRevenues(ctx.database.db)),

  /** The tracker's "N corrections" (docs/decisions/043-correction-ledger.md). */
  corrections: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/revenue/corrections',
        tags: ['revenue'],
        summary: 'How many corrections the public ledger holds',
      },
      publicCache: ['revenues'],
    })
    .input(z.void())
    .output(revenueCorrectionsSchema)
    .query(async ({ ctx }) => ({ corrections: await countCorrections(ctx.database.db) })),

  // An edit and a delete take an optional reason, which the correction ledger publishes.
  ...adminRowProcedures(REVENUE, {
    row: revenueSchema,
    pageInput: revenuePageInput,
    createInput: revenueInput,
    updateInput: revenueEditInput,
    page: pageRevenues,
    create: (db, values) => knownExperiment(createRevenue(db, values)),
    update: (db, id, { reason, ...values }) => knownExperiment(updateRevenue(db, id, values, { reason })),
    remove: deleteRevenue,
  }),
  delete: deleteProcedure(
    REVENUE,
    (db, id, { reason }) => deleteRevenue(db, id, { reason }),
    revenueDeleteInput,
  ),

  // Entries deleted by hand, an entry's changes and the undo of its newest change.
  ...historyProcedures(REVENUE, {
    collection: '/admin/revenue',
    tag: 'revenue',
    plural: 'Revenue entries',
    change: revenueChangeSchema,
    deletedRow: deletedRevenueSchema,
    undoInput: revenueUndoInput,
    history: revenueHistory,
    deleted: deletedRevenues,
    isKnown: revenueIsKnown,
    undo: undoLastRevenueChange,
  }),
});
