import {
  experimentInput,
  experimentPageInput,
  experimentSchema,
  experimentUpdateInput,
} from '@journey/contracts';
import {
  createExperiment,
  deleteExperiment,
  listExperiments,
  pageExperiments,
  updateExperiment,
} from '@journey/db';
import { z } from 'zod';
import { adminRowProcedures, type RowKind } from '../../trpc/admin-rows';
import { publicProcedure, router } from '../../trpc/init';

const EXPERIMENT: RowKind = { noun: 'Experiment', table: 'experiments', path: '/experiments' };

export const experimentsRouter = router({
  list: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/experiments', tags: ['experiments'], summary: 'The AI Arena' },
      publicCache: ['experiments'],
    })
    .input(z.void())
    .output(z.array(experimentSchema))
    .query(({ ctx }) => listExperiments(ctx.database.db)),

  ...adminRowProcedures(EXPERIMENT, {
    row: experimentSchema,
    pageInput: experimentPageInput,
    createInput: experimentInput,
    updateInput: experimentUpdateInput,
    page: pageExperiments,
    create: createExperiment,
    update: updateExperiment,
    remove: deleteExperiment,
  }),
});
