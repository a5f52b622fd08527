import type {
  CostCategory,
  CostImport,
  CostImportFormat,
  CostImportResult,
  CostImportUndo,
} from '@journey/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from './client';
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

/** Rows a statement writes, as the revenue import writes them (revenue-imports.ts). */
const CHUNK_ROWS = 2_500;

function* chunks<T>(items: readonly T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += CHUNK_ROWS) yield items.slice(start, start + CHUNK_ROWS);
}

/** The external ids among `ids` that costs of this format already hold. */
export async function storedCostIds(
  db: Database,
  format: CostImportFormat,
  ids: readonly string[],
): Promise<Set<string>> {
  const stored = new Set<string>();
  for (const chunk of chunks(ids)) {
    const rows = await db
      .select({ externalId: costs.externalId })
      .from(costs)
      .where(and(eq(costs.format, format), inArray(costs.externalId, chunk)));
    for (const row of rows) if (row.externalId !== null) stored.add(row.externalId);
    await nextTurn();
  }
  return stored;
}

/**
 * Stores the import and its costs in one transaction. A line stored meanwhile by another import is
 * passed over (`on conflict`), and so is a cost whose experiment was deleted meanwhile (its link is
 * dropped, as the experiment's delete would have): the count and total are read back from what it added.
 */
export async function storeCostImport(
  db: Database,
  values: { format: CostImportFormat; entries: readonly CostImportEntry[] },
): Promise<CostImportResult> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(costImports)
      .values({ format: values.format, added: 0, total: '0' })
      .returning({ id: costImports.id });
    if (!created) throw new Error('insert returned no import');
    const { id } = created;
    for (const chunk of chunks(values.entries)) {
      const records = JSON.stringify(
        chunk.map((entry) => ({
          amount: entry.amount,
          date: entry.date.toISOString(),
          category: entry.category,
          description: entry.description,
          experiment_id: entry.experimentId,
          external_id: entry.externalId,
        })),
      );
      await tx.execute(sql`
        insert into costs (amount, date, category, description, experiment_id, format, external_id, import_id)
        select r.amount, r.date, r.category, r.description, e.id, ${values.format}, r.external_id, ${id}
        from jsonb_to_recordset(${records}::jsonb)
          as r(amount numeric, date timestamptz, category text, description text, experiment_id integer,
            external_id text)
        left join experiments e on e.id = r.experiment_id
        on conflict (format, external_id) do nothing`);
      await nextTurn();
    }
    const [stored] = await tx
      .update(costImports)
      .set({
        added: sql`(select count(*) from ${costs} where ${costs.importId} = ${id})`,
        total: sql`(select coalesce(sum(${costs.amount}), 0) from ${costs} where ${costs.importId} = ${id})`,
      })
      .where(eq(costImports.id, id))
      .returning({ added: costImports.added, total: costImports.total });
    if (!stored) throw new Error('the import vanished');
    return { id, added: stored.added, total: stored.total };
  });
}

function toCostImport(row: typeof costImports.$inferSelect): CostImport {
  return {
    id: row.id,
    format: row.format,
    added: row.added,
    total: row.total,
    createdAt: row.createdAt.toISOString(),
    undoneAt: row.undoneAt ? row.undoneAt.toISOString() : null,
  };
}

/** Every cost import, newest first. */
export async function listCostImports(db: Database): Promise<CostImport[]> {
  const rows = await db.select().from(costImports).orderBy(desc(costImports.id));
  return rows.map(toCostImport);
}

export type CostUndoOutcome = CostImportUndo | 'not-found' | 'already-undone';

/** Deletes the import's costs (edited ones too: they are still the import's) and marks it undone. */
export async function undoCostImport(db: Database, id: number, now = new Date()): Promise<CostUndoOutcome> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(costImports).where(eq(costImports.id, id)).for('update');
    if (!found) return 'not-found';
    if (found.undoneAt) return 'already-undone';
    const [removed] = await tx.execute<{ removed: number; total: string }>(sql`
      with removed as (delete from costs where import_id = ${id} returning amount)
      select count(*)::int as removed, coalesce(sum(amount), 0)::numeric(16, 2)::text as total from removed`);
    await tx.update(costImports).set({ undoneAt: now }).where(eq(costImports.id, id));
    return { id, removed: removed?.removed ?? 0, total: removed?.total ?? '0.00' };
  });
}

/** Each experiment's id, slug and title: what the generic file's experiment column names. */
export async function experimentKeys(db: Database): Promise<{ id: number; slug: string; title: string }[]> {
  return db
    .select({ id: experiments.id, slug: experiments.slug, title: experiments.title })
    .from(experiments);
}
