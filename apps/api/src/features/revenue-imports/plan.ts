import type { ImportLine, ImportProvider, RevenueImportPreview } from '@journey/contracts';
import { storedExternalIds, type Database, type ImportEntry } from '@journey/db';
import { formatCents } from './money';
import { readExport } from './read-export';

/** The preview lists at most this many rows of each kind (the counts stay exact): the answer stays small. */
export const LISTED_ROWS = 1_000;

export interface ImportPlan {
  entries: ImportEntry[];
  preview: RevenueImportPreview;
  /** Every row in error, unlisted ones included. */
  errors: ImportLine[];
}

/** What importing the file would do: the rows to add, and those already stored, skipped or in error. */
export async function planImport(db: Database, provider: ImportProvider, csv: string): Promise<ImportPlan> {
  const read = await readExport(provider, csv);
  const stored = await storedExternalIds(
    db,
    provider,
    read.rows.map((row) => row.externalId),
  );
  const toAdd = read.rows.filter((row) => !stored.has(row.externalId));
  const total = toAdd.reduce((sum, row) => sum + row.cents, 0n);
  return {
    entries: toAdd.map((row) => ({
      externalId: row.externalId,
      amount: formatCents(row.cents),
      date: row.date,
      description: row.description,
    })),
    errors: read.errors,
    preview: {
      add: toAdd.length,
      rows: toAdd.slice(0, LISTED_ROWS).map((row) => ({
        line: row.line,
        date: row.date.toISOString(),
        amount: formatCents(row.cents),
        description: row.description,
        externalId: row.externalId,
      })),
      duplicate: read.repeated + stored.size,
      skipped: read.skipped.length,
      errors: read.errors.slice(0, LISTED_ROWS),
      skippedReasons: read.skipped.slice(0, LISTED_ROWS),
      total: formatCents(total),
    },
  };
}
