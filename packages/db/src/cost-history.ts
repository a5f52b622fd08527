import type { CostChange, CostImportFormat, CostSnapshot, DeletedCost } from '@journey/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import {
  changesOf,
  hasHistory,
  lastDeletes,
  publishRecordedChanges,
  type ChangeRow,
  type HistoryKind,
  type RecordedChangeRow,
} from './entry-history';
import { costs, experiments } from './schema';

/**
 * A cost's history (docs/decisions/084-ledger-commitments.md, "Costs in the ledger"): the same changes,
 * ledger rows and undo as a revenue entry's (entry-history.ts), with the cost's own fields.
 */

/** A cost as a change records it: its values, the slug the ledger names its experiment by, its origin. */
export type StoredCostSnapshot = CostSnapshot & {
  /** The experiment's slug when the change was recorded; a later rename leaves earlier rows as they were. */
  experiment: string | null;
  origin?: { format: CostImportFormat; externalId: string; importId: number | null };
};

/** What a cost's created or deleted ledger row publishes. */
export interface LedgerCostValues {
  amount: string;
  date: string;
  category: string;
  description: string;
  experiment: string | null;
  provenance: 'manual' | 'import';
  format: CostImportFormat | null;
  externalId: string | null;
}

/** The fields an edit of a cost publishes, in this order. */
export const COST_LEDGER_FIELDS = ['amount', 'date', 'category', 'description', 'experiment'] as const;

export const COST_HISTORY: HistoryKind<StoredCostSnapshot> = {
  entity: 'cost',
  noun: 'cost',
  fields: COST_LEDGER_FIELDS,
  fieldValue: (snapshot, field) => snapshot[field as (typeof COST_LEDGER_FIELDS)[number]],
  entryJson(snapshot) {
    const { amount, date, category, description, experiment, origin } = snapshot;
    const values: LedgerCostValues = {
      amount,
      date,
      category,
      description,
      experiment,
      provenance: origin ? 'import' : 'manual',
      format: origin?.format ?? null,
      externalId: origin?.externalId ?? null,
    };
    return JSON.stringify(values);
  },
};

/** What a change records of a written cost. */
export async function storedCostSnapshot(
  tx: Database,
  row: typeof costs.$inferSelect,
): Promise<StoredCostSnapshot> {
  const [experiment] =
    row.experimentId === null
      ? []
      : await tx
          .select({ slug: experiments.slug })
          .from(experiments)
          .where(eq(experiments.id, row.experimentId));
  const snapshot: StoredCostSnapshot = {
    amount: row.amount,
    date: row.date.toISOString(),
    category: row.category,
    description: row.description,
    experimentId: row.experimentId,
    experiment: experiment?.slug ?? null,
  };
  if (row.format === null || row.externalId === null) return snapshot;
  return { ...snapshot, origin: { format: row.format, externalId: row.externalId, importId: row.importId } };
}

/** `storedCostSnapshot` in SQL, for changes recorded by the statement that writes their costs. */
export const storedCostSnapshotSql = (row: string) =>
  sql.raw(`jsonb_build_object('amount', ${row}.amount::text,
    'date', to_char(${row}.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'category', ${row}.category, 'description', ${row}.description, 'experimentId', ${row}.experiment_id,
    'experiment', (select slug from experiments where id = ${row}.experiment_id))
    || case when ${row}.format is null or ${row}.external_id is null then '{}'::jsonb
    else jsonb_build_object('origin', jsonb_build_object('format', ${row}.format,
      'externalId', ${row}.external_id, 'importId', ${row}.import_id)) end`);

const publishedOf = (snapshot: StoredCostSnapshot): CostSnapshot => {
  const { amount, date, category, description, experimentId } = snapshot;
  return { amount, date, category, description, experimentId };
};

/** A recorded change of a cost as the API answers it. */
export function costChangeOf(row: ChangeRow): CostChange {
  const { revenueId: _revenue, costId, ...change } = row;
  return {
    ...change,
    // Set on every change of a cost: the queries here select those alone.
    costId: Number(costId),
    // The jsonb columns hold what `storedCostSnapshot` wrote.
    before: row.before ? publishedOf(row.before as StoredCostSnapshot) : null,
    after: row.after ? publishedOf(row.after as StoredCostSnapshot) : null,
    changedAt: row.changedAt.toISOString(),
  };
}

/** A cost's changes, newest first; a deleted cost keeps its history. */
export async function costHistory(db: Database, costId: number): Promise<CostChange[]> {
  return (await changesOf(db, COST_HISTORY, costId)).map(costChangeOf);
}

/** Costs deleted by hand whose delete is still their last change, newest first, to restore. */
export async function deletedCosts(db: Database): Promise<DeletedCost[]> {
  return (await lastDeletes(db, COST_HISTORY)).flatMap((row) => {
    const { before, costId, changedAt, reason } = costChangeOf(row);
    return before ? [{ id: costId, ...before, deletedAt: changedAt, reason }] : [];
  });
}

/** True when the id names a cost now, or one that has a history (a deleted cost). */
export async function costIsKnown(db: Database, costId: number): Promise<boolean> {
  const [cost] = await db.select({ id: costs.id }).from(costs).where(eq(costs.id, costId));
  return cost !== undefined || hasHistory(db, COST_HISTORY, costId);
}

/** Publishes the costs a bulk write recorded (an import, an import's undo). */
export const publishRecordedCostChanges = (tx: Database, rows: readonly RecordedChangeRow[]) =>
  publishRecordedChanges(tx, COST_HISTORY, rows);

/**
 * Costs stored before they had a history (migration 0021) get their 'create' change and ledger row,
 * at `now` with `reason`, as entries published late do (ledger-upgrade.ts). The count recorded.
 */
export async function recordCostsWithoutHistory(tx: Database, now: Date, reason: string): Promise<number> {
  const recorded = await tx.execute<RecordedChangeRow>(sql`
    insert into revenue_changes (cost_id, action, after, reason, import_id, changed_at)
    select c.id, 'create', ${storedCostSnapshotSql('c')}, ${reason}, c.import_id, ${now.toISOString()}::timestamptz
    from costs c
    where not exists (select 1 from revenue_changes h where h.cost_id = c.id)
    order by c.id
    returning *`);
  await publishRecordedCostChanges(tx, recorded);
  return recorded.length;
}
