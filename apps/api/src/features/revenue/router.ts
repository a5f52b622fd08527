import {
  revenueInput,
  revenueMetricsSchema,
  revenuePageInput,
  revenueSchema,
  revenueSeriesInput,
  revenueSeriesSchema,
  revenueSummarySchema,
  revenueUpdateInput,
} from '@journey/contracts';
import {
  createRevenue,
  deleteRevenue,
  getRevenueSummary,
  listRevenues,
  pageRevenues,
  revenueSeries,
  updateRevenue,
} from '@journey/db';
import { z } from 'zod';
import { adminRowProcedures, type RowKind } from '../../trpc/admin-rows';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import { revenueMetrics } from './metrics';

const REVENUE: RowKind = { noun: 'Revenue entry', table: 'revenues', path: '/revenue' };

export const revenueRouter = router({
  summary: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/revenue', tags: ['revenue'], summary: 'Revenue totals' },
      publicCache: ['revenues'],
    })
    .input(z.void())
    .output(revenueSummarySchema)
    .query(({ ctx }) => getRevenueSummary(ctx.database.db)),

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
      publicCache: ['revenues'],
    })
    .input(revenueSeriesInput)
    .output(revenueSeriesSchema)
    .query(({ ctx, input }) => revenueSeries(ctx.database.db, input.range, ctx.now())),

  /** docs/decisions/042-revenue-metrics.md: computed figures and the $1B forecast, each saying how. */
  metrics: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/revenue/metrics',
        tags: ['revenue'],
        summary: 'Computed revenue figures and the forecast toward $1B',
        description:
          'Months are UTC calendar months; money is decimal strings, rates are fractions (0.18 is +18 % a month). `howCalculated` holds one sentence per figure.',
      },
      // Today's month and day count too: the public cache empties itself when the UTC day changes.
      publicCache: ['revenues', 'settings'],
    })
    .input(z.void())
    .output(revenueMetricsSchema)
    .query(({ ctx }) => revenueMetrics(ctx)),

  list: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/revenues/all', tags: ['revenue'], summary: 'All revenue entries' },
    })
    .input(z.void())
    .output(z.array(revenueSchema))
    .query(({ ctx }) => listRevenues(ctx.database.db)),

  ...adminRowProcedures(REVENUE, {
    row: revenueSchema,
    pageInput: revenuePageInput,
    createInput: revenueInput,
    updateInput: revenueUpdateInput,
    page: pageRevenues,
    create: createRevenue,
    update: updateRevenue,
    remove: deleteRevenue,
  }),
});
