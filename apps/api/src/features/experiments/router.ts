import {
  experimentInput,
  experimentPageInput,
  experimentSchema,
  experimentUpdateInput,
  pageOutput,
} from '@journey/contracts';
import {
  createExperiment,
  deleteExperiment,
  listExperiments,
  pageExperiments,
  updateExperiment,
} from '@journey/db';
import { z } from 'zod';
import { createProcedure, deleteProcedure, updateProcedure, type RowKind } from '../../trpc/admin-writes';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';

const EXPERIMENT: RowKind = {
  noun: 'Experiment',
  one: 'an experiment',
  table: 'experiments',
  path: '/experiments',
};

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

  create: createProcedure(EXPERIMENT, { input: experimentInput, output: experimentSchema }, createExperiment),
  update: updateProcedure(
    EXPERIMENT,
    { input: experimentUpdateInput, output: experimentSchema },
    updateExperiment,
  ),
  delete: deleteProcedure(EXPERIMENT, deleteExperiment),
});
