import type { CostCategory, CostImport, CostImportFormat, CostImportResult } from '@journey/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { importWrites, inChunks } from './imports';
import { costImports, costs, experiments } from './schema';

/**
 * Cost imports (docs/decisions/082-experiment-money.md): one transaction adds the costs of a file, and
 * its undo removes exactly them. A line of an export is stored once: (format, external id) is unique.
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
  async insert(tx, id, values, records) {
    await tx.execute(sql`
      insert into costs (amount, date, category, description, experiment_id, format, external_id, import_id)
      select r.amount, r.date, r.category, r.description, e.id, ${values.format}, r.external_id, ${id}
      from jsonb_to_recordset(${records}::jsonb)
        as r(amount numeric, date timestamptz, category text, description text, experiment_id integer,
          external_id text)
      left join experiments e on e.id = r.experiment_id
      on conflict (format, external_id) do nothing`);
  },
  async remove(tx, found) {
    const [removed] = await tx.execute<{ removed: number; total: string }>(sql`
      with removed as (delete from costs where import_id = ${found.id} returning amount)
      select count(*)::int as removed, coalesce(sum(amount), 0)::numeric(16, 2)::text as total from removed`);
    return { removed: removed?.removed ?? 0, total: removed?.total ?? '0.00' };
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
