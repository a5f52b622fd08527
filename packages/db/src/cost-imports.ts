import type { CostCategory, CostImport, CostImportFormat, CostImportResult } from '@journey/contracts';
import { COST_IMPORT_FORMAT_NAMES, LEDGER_COST_IMPORT } from '@journey/contracts/constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { publishRecordedCostChanges, storedCostSnapshotSql } from './cost-history';
import type { RecordedChangeRow } from './entry-history';
import { importedRows, importWrites, inChunks } from './imports';
import { appendLedger } from './revenue-ledger';
import { costImports, costs, experiments } from './schema';

/**
 * Cost imports (docs/decisions/082-experiment-money.md): one transaction adds the costs of a file, and
 * its undo removes exactly them, each recorded and published as a revenue import's entries are. A line of an export is stored once: (format, external id) is unique.
 */

export interface CostImportEntry {
  externalId: string;
  /** A decimal string the amount column accepts, in USD. */
  amount: string;
  date: Date;
  category: CostCategory;
  description: string;
  experimentId: number | null;
}

/** The external ids among `ids` that costs of this format already hold. */
export async function storedCostIds(
  db: Database,
  format: CostImportFormat,
  ids: readonly string[],
): Promise<Set<string>> {
  const stored = new Set<string>();
  for await (const chunk of inChunks(ids)) {
    const rows = await db
      .select({ externalId: costs.externalId })
      .from(costs)
      .where(and(eq(costs.format, format), inArray(costs.externalId, chunk)));
    for (const row of rows) if (row.externalId !== null) stored.add(row.externalId);
  }
  return stored;
}

const writes = importWrites({
  imports: costImports,
  rows: costs,
  columns: (values: { format: CostImportFormat }) => ({ format: values.format }),
  toRecord: (entry: CostImportEntry) => ({
    amount: entry.amount,
    date: entry.date.toISOString(),
    category: entry.category,
    description: entry.description,
    experiment_id: entry.experimentId,
    external_id: entry.externalId,
  }),
  // Each cost with its 'create' change, from the same statement's `returning`.
  async insert(tx, id, values, records) {
    const recorded = await tx.execute<RecordedChangeRow>(sql`
      with added as (
        insert into costs (amount, date, category, description, experiment_id, format, external_id, import_id)
        select r.amount, r.date, r.category, r.description, e.id, ${values.format}, r.external_id, ${id}
        from jsonb_to_recordset(${records}::jsonb)
          as r(amount numeric, date timestamptz, category text, description text, experiment_id integer,
            external_id text)
        left join experiments e on e.id = r.experiment_id
        on conflict (format, external_id) do nothing
        returning *
      )
      insert into revenue_changes (cost_id, action, after, import_id)
      select added.id, 'create', ${storedCostSnapshotSql('added')}, ${id} from added
      returning *`);
    await publishRecordedCostChanges(tx, recorded);
  },
  // A 'delete' change for each cost, then one ledger row for the whole import.
  async remove(tx, found, now) {
    const { id } = found;
    const { removed, total } = await importedRows(tx, costs, id);
    const recorded = await tx.execute<RecordedChangeRow>(sql`
      with removed as (
        delete from costs where import_id = ${id}
        returning *
      )
      insert into revenue_changes (cost_id, action, before, reason, import_id, changed_at)
      select removed.id, 'delete', ${storedCostSnapshotSql('removed')}, 'Import undone', ${id},
        ${now.toISOString()}::timestamptz from removed
      returning *`);
    await publishRecordedCostChanges(tx, recorded);
    const label = COST_IMPORT_FORMAT_NAMES[found.format];
    await appendLedger(tx, [
      {
        revenueId: null,
        changeId: null,
        changedAt: now,
        field: LEDGER_COST_IMPORT,
        oldValue: `${label} import #${id}: ${removed} ${removed === 1 ? 'cost' : 'costs'}, ${total}`,
        newValue: null,
        reason: 'Import undone',
      },
    ]);
    return { removed, total };
  },
});

/**
 * Stores the import and its costs in one transaction. A line stored meanwhile by another import is
 * passed over (`on conflict`), and so is a cost whose experiment was deleted meanwhile (its link is
 * dropped, as the experiment's delete would have): the count and total are read back from what it added.
 */
export const storeCostImport: (
  db: Database,
  values: { format: CostImportFormat; entries: readonly CostImportEntry[] },
) => Promise<CostImportResult> = writes.store;

/** Every cost import, newest first. */
export const listCostImports: (db: Database) => Promise<CostImport[]> = writes.list;

/** Deletes the import's costs (edited ones too: they are still the import's) and marks it undone. */
export const undoCostImport = writes.undo;

/** Each experiment's id, slug and title: what the generic file's experiment column names. */
export async function experimentKeys(db: Database): Promise<{ id: number; slug: string; title: string }[]> {
  return db
    .select({ id: experiments.id, slug: experiments.slug, title: experiments.title })
    .from(experiments);
}
