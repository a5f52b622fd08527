import {
  costInput,
  costPageInput,
  costSchema,
  costUpdateInput,
  UNKNOWN_EXPERIMENT_MESSAGE,
} from '@journey/contracts';
import {
  createCost,
  deleteCost,
  listCosts,
  pageCosts,
  UnknownExperimentError,
  updateCost,
} from '@journey/db';
import { z } from 'zod';
import { adminRowProcedures, type RowKind } from '../../trpc/admin-rows';
import { fieldError } from '../../trpc/errors';
import { protectedProcedure, router } from '../../trpc/init';

/** A cost is part of its experiment's public figures (docs/decisions/082-experiment-money.md). */
const COST: RowKind = { noun: 'Cost', table: 'experiments', path: '/admin/costs' };

/** A cost naming an experiment that is not there is the caller's mistake: a 400 on the field. */
export async function withKnownExperiment<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof UnknownExperimentError)
      throw fieldError('BAD_REQUEST', 'experimentId', UNKNOWN_EXPERIMENT_MESSAGE);
    throw error;
  }
}

export const costsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/costs', tags: ['costs'], summary: 'All costs, newest first' },
    })
    .input(z.void())
    .output(z.array(costSchema))
    .query(({ ctx }) => listCosts(ctx.database.db)),

  ...adminRowProcedures(COST, {
    row: costSchema,
    pageInput: costPageInput,
    createInput: costInput,
    updateInput: costUpdateInput,
    page: pageCosts,
    create: (db, values) => withKnownExperiment(createCost(db, values)),
    update: (db, id, values) => withKnownExperiment(updateCost(db, id, values)),
    remove: deleteCost,
  }),
});
