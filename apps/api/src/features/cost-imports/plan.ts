import type { CostImportFormat, CostImportPreview, ImportLine } from '@journey/contracts';
import { experimentKeys, storedCostIds, type CostImportEntry, type Database } from '@journey/db';
import { formatCents } from '../revenue-imports/money';
import { readCostFile } from './read-file';

/** The preview lists at most this many rows (the counts stay exact): the answer stays small. */
export const LISTED_ROWS = 1_000;

export interface CostImportPlan {
  entries: CostImportEntry[];
  preview: CostImportPreview;
  /** Every row in error, unlisted ones included. */
  errors: ImportLine[];
}

/** An experiment by its slug or its exact title, as the generic file's experiment column names it. */
async function experimentFinder(db: Database): Promise<(name: string) => number | null | undefined> {
  const keys = await experimentKeys(db);
  const bySlug = new Map(keys.map((key) => [key.slug, key.id]));
  const byTitle = new Map(keys.map((key) => [key.title, key.id]));
  return (name) => {
    if (name === '') return null;
    return bySlug.get(name.toLowerCase()) ?? byTitle.get(name);
  };
}

/** What importing the file would do: the lines to add, those stored already, and the rows in error. */
export async function planCostImport(
  db: Database,
  format: CostImportFormat,
  csv: string,
): Promise<CostImportPlan> {
  const read = await readCostFile(format, csv);
  const experimentOf = await experimentFinder(db);
  const errors = [...read.errors];
  const entries: (CostImportEntry & { line: number })[] = [];
  const stored = await storedCostIds(
    db,
    format,
    read.rows.map((row) => row.externalId),
  );
  let duplicate = 0;
  for (const row of read.rows) {
    const experimentId = experimentOf(row.experiment);
    if (experimentId === undefined) {
      errors.push({
        line: row.line,
        message: `experiment "${row.experiment}" is not an experiment's slug or exact title.`,
      });
      continue;
    }
    if (stored.has(row.externalId)) {
      duplicate++;
      continue;
    }
    entries.push({
      line: row.line,
      externalId: row.externalId,
      amount: formatCents(row.cents),
      date: row.date,
      category: row.category,
      description: row.description,
      experimentId,
    });
  }
  errors.sort((a, b) => a.line - b.line);
  const total = entries.reduce((sum, entry) => sum + BigInt(entry.amount.replace('.', '')), 0n);
  return {
    entries,
    errors,
    preview: {
      add: entries.length,
      rows: entries.slice(0, LISTED_ROWS).map((entry) => ({
        line: entry.line,
        date: entry.date.toISOString(),
        amount: entry.amount,
        category: entry.category,
        description: entry.description,
        experimentId: entry.experimentId,
        externalId: entry.externalId,
      })),
      duplicate,
      skipped: read.skipped,
      errors: errors.slice(0, LISTED_ROWS),
      total: formatCents(total),
    },
  };
}
