import {
  costChangeSchema,
  costDeleteInput,
  costEditInput,
  costInput,
  costPageInput,
  costSchema,
  costUndoInput,
  deletedCostSchema,
  UNKNOWN_EXPERIMENT_MESSAGE,
} from '@journey/contracts';
import {
  costHistory,
  costIsKnown,
  createCost,
  deleteCost,
  deletedCosts,
  listCosts,
  pageCosts,
  undoLastCostChange,
  UnknownExperimentError,
  updateCost,
} from '@journey/db';
import { z } from 'zod';
import { adminRowProcedures, deleteProcedure, type RowKind } from '../../trpc/admin-rows';
import { historyProcedures } from '../../trpc/history-procedures';
import { fieldError } from '../../trpc/errors';
import { protectedProcedure, router } from '../../trpc/init';

/**
 * A cost is part of its experiment's public figures and of the ledger
 * (docs/decisions/082-experiment-money.md, 084-ledger-commitments.md).
 */
const COST: RowKind = {
  noun: 'Cost',
  tables: ['experiments', 'revenues'],
  path: '/admin/costs',
  entity: 'cost',
};

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

  // An edit and a delete take an optional reason, which the ledger publishes, as a revenue entry's.
  ...adminRowProcedures(COST, {
    row: costSchema,
    pageInput: costPageInput,
    createInput: costInput,
    updateInput: costEditInput,
    page: pageCosts,
    create: (db, values) => withKnownExperiment(createCost(db, values)),
    update: (db, id, { reason, ...values }) => withKnownExperiment(updateCost(db, id, values, { reason })),
    remove: deleteCost,
  }),
  delete: deleteProcedure(COST, (db, id, { reason }) => deleteCost(db, id, { reason }), costDeleteInput),

  // Costs deleted by hand, a cost's changes and the undo of its newest change.
  ...historyProcedures(COST, {
    collection: '/admin/costs',
    tag: 'costs',
    plural: 'Costs',
    change: costChangeSchema,
    deletedRow: deletedCostSchema,
    undoInput: costUndoInput,
    history: costHistory,
    deleted: deletedCosts,
    isKnown: costIsKnown,
    undo: undoLastCostChange,
  }),
});
