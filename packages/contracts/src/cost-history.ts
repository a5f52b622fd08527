import { z } from 'zod';
import { costSchema, costUpdateInput } from './costs';
import { idInput } from './number-fields';
import { deletedEntrySchema, entryChangeSchema, revenueReasonField } from './revenue-history';

/**
 * A cost's history (docs/decisions/084-ledger-commitments.md, "Costs in the ledger"): every write of a
 * cost is recorded and published in the ledger, and can be undone, as a revenue entry's (decision 043).
 */

const withReason = { reason: revenueReasonField };
/** The edit form's fields: a cost's values and the reason the ledger publishes. */
export const costEditInput = costUpdateInput.extend(withReason);
export const costDeleteInput = idInput.extend(withReason);
export const costUndoInput = idInput.extend(withReason);

/** A cost's values as a change records them. */
export const costSnapshotSchema = costSchema.pick({
  amount: true,
  date: true,
  category: true,
  description: true,
  experimentId: true,
});
export type CostSnapshot = z.infer<typeof costSnapshotSchema>;

export const costChangeSchema = entryChangeSchema('costId', costSnapshotSchema);
export type CostChange = z.infer<typeof costChangeSchema>;

export const costHistorySchema = z.object({ changes: z.array(costChangeSchema) });
export type CostHistory = z.infer<typeof costHistorySchema>;

export const deletedCostSchema = deletedEntrySchema(costSnapshotSchema);
export type DeletedCost = z.infer<typeof deletedCostSchema>;
