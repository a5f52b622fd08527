import {
  experimentInput,
  experimentPageInput,
  experimentSchema,
  experimentUpdateInput,
  idInput,
  pageOutput,
} from '@journey/contracts';
import {
  createExperiment,
  deleteExperiment,
  listExperiments,
  pageExperiments,
  updateExperiment,
} from '@journey/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Experiment not found' });

export const experimentsRouter = router({
  list: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/experiments', tags: ['experiments'], summary: 'The AI Arena' },
      publicCache: ['experiments'],
    })
    .input(z.void())
    .output(z.array(experimentSchema))
    .query(({ ctx }) => listExperiments(ctx.database.db)),

  /** The admin table: sorted, filtered and paged by the server. */
  page: protectedProcedure
    .input(experimentPageInput)
    .output(pageOutput(experimentSchema))
    .query(({ ctx, input }) => pageExperiments(ctx.database.db, input)),

  create: protectedProcedure
    .meta({
      changes: ['experiments'],
      openapi: { method: 'POST', path: '/experiments', tags: ['experiments'], summary: 'Add an experiment' },
      successStatus: 201,
    })
    .input(experimentInput)
    .output(experimentSchema)
    .mutation(({ ctx, input }) => createExperiment(ctx.database.db, input)),

  update: protectedProcedure
    .meta({
      changes: ['experiments'],
      openapi: {
        method: 'PUT',
        path: '/admin/experiments/{id}',
        tags: ['experiments'],
        summary: 'Edit an experiment',
      },
    })
    .input(experimentUpdateInput)
    .output(experimentSchema)
    .mutation(async ({ ctx, input: { id, ...values } }) => {
      const updated = await updateExperiment(ctx.database.db, id, values);
      if (!updated) throw notFound();
      return updated;
    }),

  delete: protectedProcedure
    .meta({
      changes: ['experiments'],
      openapi: {
        method: 'DELETE',
        path: '/admin/experiments/{id}',
        tags: ['experiments'],
        summary: 'Delete an experiment',
      },
      successStatus: 204,
    })
    .input(idInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteExperiment(ctx.database.db, input.id))) throw notFound();
    }),
});
