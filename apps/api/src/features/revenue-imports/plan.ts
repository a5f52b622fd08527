import type { ImportLine, ImportProvider, RevenueImportPreview } from '@journey/contracts';
import { RATE_LOOKBACK_DAYS, storedExternalIds, type Database, type ImportEntry } from '@journey/db';
import { convertToUsd, usdRates } from '../exchange-rates/to-usd';
import { formatCents } from './money';
import { readExport, type ExportRow } from './read-export';

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
  const { rows: toAdd, skipped } = await inUsd(
    db,
    read.rows.filter((row) => !stored.has(row.externalId)),
  );
  const allSkipped = [...read.skipped, ...skipped].sort((a, b) => a.line - b.line);
  const total = toAdd.reduce((sum, row) => sum + row.cents, 0n);
  return {
    entries: toAdd.map((row) => ({
      externalId: row.externalId,
      amount: formatCents(row.cents),
      currency: row.currency,
      originalAmount: row.originalAmount,
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
      skipped: allSkipped.length,
      errors: read.errors.slice(0, LISTED_ROWS),
      skippedReasons: allSkipped.slice(0, LISTED_ROWS),
      total: formatCents(total),
    },
  };
}

type UsdRow = ExportRow & { cents: bigint };

/**
 * Rows in another currency that the file gave no USD figure for, at the ECB's rate of their day
 * (docs/decisions/078-exchange-rates.md); a row without a rate that close is skipped, saying so.
 */
async function inUsd(
  db: Database,
  rows: readonly ExportRow[],
): Promise<{ rows: UsdRow[]; skipped: { line: number; reason: string }[] }> {
  const rateOn = usdRates(db);
  const converted: UsdRow[] = [];
  const skipped: { line: number; reason: string }[] = [];
  for (const row of rows) {
    if (row.cents !== null) {
      converted.push({ ...row, cents: row.cents });
      continue;
    }
    const rates = await rateOn(row.currency, row.date);
    if (!rates) {
      skipped.push({
        line: row.line,
        reason: `Paid in ${row.currency}: no ECB rate on ${row.date.toISOString().slice(0, 10)} or the ${RATE_LOOKBACK_DAYS} days before. Load the ECB's rates (Connections tab), then import again.`,
      });
      continue;
    }
    const usd = convertToUsd(row.originalAmount, rates.currencyPerEuro, rates.usdPerEuro);
    converted.push({ ...row, cents: BigInt(usd.replace('.', '')) });
  }
  return { rows: converted, skipped };
}
