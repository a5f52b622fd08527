import {
  idInput,
  pageOutput,
  revenueInput,
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
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Revenue entry not found' });

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

  list: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/revenues/all', tags: ['revenue'], summary: 'All revenue entries' },
    })
    .input(z.void())
    .output(z.array(revenueSchema))
    .query(({ ctx }) => listRevenues(ctx.database.db)),

  /** The admin table: sorted, filtered and paged by the server. */
  page: protectedProcedure
    .input(revenuePageInput)
    .output(pageOutput(revenueSchema))
    .query(({ ctx, input }) => pageRevenues(ctx.database.db, input)),

  create: protectedProcedure
    .meta({
      changes: ['revenues'],
      openapi: { method: 'POST', path: '/revenue', tags: ['revenue'], summary: 'Add a revenue entry' },
      successStatus: 201,
    })
    .input(revenueInput)
    .output(revenueSchema)
    .mutation(({ ctx, input }) => createRevenue(ctx.database.db, input)),

  update: protectedProcedure
    .meta({
      changes: ['revenues'],
      openapi: {
        method: 'PUT',
        path: '/admin/revenue/{id}',
        tags: ['revenue'],
        summary: 'Edit a revenue entry',
      },
    })
    .input(revenueUpdateInput)
    .output(revenueSchema)
    .mutation(async ({ ctx, input: { id, ...values } }) => {
      const updated = await updateRevenue(ctx.database.db, id, values);
      if (!updated) throw notFound();
      return updated;
    }),

  delete: protectedProcedure
    .meta({
      changes: ['revenues'],
      openapi: {
        method: 'DELETE',
        path: '/admin/revenue/{id}',
        tags: ['revenue'],
        summary: 'Delete a revenue entry',
      },
      successStatus: 204,
    })
    .input(idInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteRevenue(ctx.database.db, input.id))) throw notFound();
    }),
});
