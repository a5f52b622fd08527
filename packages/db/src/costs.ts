import type { Cost, CostChange, CostPageRequest, CostValues, Page } from '@journey/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { COST_HISTORY, costChangeOf, storedCostSnapshot, type StoredCostSnapshot } from './cost-history';
import { historyWrites, type ChangeOptions } from './entry-writes';
import { ImportedAgainError } from './revenue-writes';
import { pageOf } from './paging';
import { costs } from './schema';

/**
 * Costs (docs/decisions/082-experiment-money.md): typed by the owner or imported, in USD; every write
 * recorded and published in the ledger, and undoable (084-ledger-commitments.md, "Costs in the ledger").
 */

export function toCost(row: typeof costs.$inferSelect): Cost {
  return {
    id: row.id,
    amount: row.amount,
    date: row.date.toISOString(),
    category: row.category,
    description: row.description,
    experimentId: row.experimentId,
    format: row.format,
    externalId: row.externalId,
    importId: row.importId,
  };
}

/** A cost naming an experiment that does not exist (or was deleted meanwhile): the router's 400. */
export class UnknownExperimentError extends Error {
  constructor() {
    super('the experiment does not exist');
  }
}

/** True when an error is the costs' foreign key to experiments refusing a row (SQLSTATE 23503). */
function isMissingExperiment(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { code, constraint_name: constraint } = current as { code?: unknown; constraint_name?: unknown };
    if (code === '23503' && (constraint === undefined || String(constraint).includes('experiment')))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Every cost, newest first. */
export async function listCosts(db: Database): Promise<Cost[]> {
  const rows = await db.select().from(costs).orderBy(desc(costs.date), desc(costs.id));
  return rows.map(toCost);
}

/**
 * One page of the admin table, sorted by any column, filtered by description and by category. The
 * costs have no row count kept by a trigger (migration 0003 counts the older tables), so the page
 * always counts its filter: `true` when there is none.
 */
export async function pageCosts(db: Database, request: CostPageRequest): Promise<Page<Cost>> {
  const where = request.category ? eq(costs.category, request.category) : sql`true`;
  return pageOf(db, costs, [costs.description], request, toCost, where);
}

/** The columns a recorded snapshot puts back: its values, and its origin when it was imported. */
function restoredColumns(snapshot: StoredCostSnapshot): Record<string, unknown> {
  const { amount, date, category, description, experimentId, origin } = snapshot;
  return {
    amount,
    date: new Date(date),
    category,
    description,
    // An experiment deleted since has unlinked its costs (ON DELETE SET NULL): it stays unlinked.
    experimentId: experimentId
      ? sql<number | null>`(select id from experiments where id = ${experimentId})`
      : null,
    format: origin?.format ?? null,
    externalId: origin?.externalId ?? null,
    importId: origin?.importId ?? null,
  };
}

const writes = historyWrites({
  kind: COST_HISTORY,
  table: costs,
  toColumns: (values: CostValues) => ({
    amount: values.amount,
    date: values.date,
    category: values.category,
    description: values.description,
    experimentId: values.experimentId,
  }),
  toEntity: toCost,
  snapshot: storedCostSnapshot,
  restoredColumns,
  uniqueKey: [costs.format, costs.externalId],
  keyTaken: () => new ImportedAgainError('cost'),
});

/** The write, or UnknownExperimentError when its experiment is not (or no longer) there. */
export async function orUnknownExperiment<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isMissingExperiment(error)) throw new UnknownExperimentError();
    throw error;
  }
}

/** The cost, its 'create' change and its ledger row, in one transaction. */
export const createCost = (db: Database, values: CostValues, options?: ChangeOptions) =>
  orUnknownExperiment(writes.create(db, values, options));
/** The edited cost, or null; an edit that changes nothing records nothing. */
export const updateCost = (db: Database, id: number, values: CostValues, options?: ChangeOptions) =>
  orUnknownExperiment(writes.update(db, id, values, options));
/** False when the id names no cost. */
export const deleteCost: (db: Database, id: number, options?: ChangeOptions) => Promise<boolean> =
  writes.remove;

/** Reverts the cost's newest change, recorded as a change of its own; null when it has none. */
export async function undoLastCostChange(
  db: Database,
  id: number,
  reason?: string | null,
): Promise<CostChange | null> {
  const undone = await writes.undo(db, id, reason);
  return undone ? costChangeOf(undone) : null;
}
