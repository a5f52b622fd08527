import {
  IMPORT_PROVIDER_NAMES,
  type ImportChange,
  type ImportLine,
  type ImportProvider,
  type RevenueImportPreview,
} from '@journey/contracts';
import {
  RATE_LOOKBACK_DAYS,
  storedImportedEntries,
  type Database,
  type ImportCorrection,
  type ImportEntry,
} from '@journey/db';
import { convertToUsd, usdRates } from '../exchange-rates/to-usd';
import { formatCents } from './money';
import { readExport, type ExportRow } from './read-export';

/** The preview lists at most this many rows of each kind (the counts stay exact): the answer stays small. */
export const LISTED_ROWS = 1_000;

export interface ImportPlan {
  entries: ImportEntry[];
  /** Entries imported before whose payment the file says was refunded since. */
  corrections: ImportCorrection[];
  preview: RevenueImportPreview;
  /** Every row in error, unlisted ones included. */
  errors: ImportLine[];
}

/**
 * What importing the file would do: the rows to add; the entries imported before that the file says
 * were refunded since, in part or in full, to correct; and the rows already stored as they are,
 * skipped or in error.
 */
export async function planImport(db: Database, provider: ImportProvider, csv: string): Promise<ImportPlan> {
  const read = await readExport(provider, csv);
  const stored = await storedImportedEntries(db, provider, [
    ...read.rows.map((row) => row.externalId),
    ...read.refunded.map((row) => row.externalId),
  ]);
  const { rows: toAdd, skipped } = await inUsd(
    db,
    read.rows.filter((row) => !stored.has(row.externalId)),
  );
  // Rows stored before: the same amount is a duplicate; another (a partial refund since) a correction.
  // One whose amount cannot be converted today cannot be compared, and stays as it is.
  const again = await inUsd(
    db,
    read.rows.filter((row) => stored.has(row.externalId)),
  );
  const name = IMPORT_PROVIDER_NAMES[provider];
  const changes: (ImportChange & { correction: ImportCorrection })[] = [];
  for (const row of again.rows) {
    const entry = stored.get(row.externalId);
    if (!entry || centsOf(entry.amount) === row.cents) continue;
    const to = formatCents(row.cents);
    changes.push({
      line: row.line,
      externalId: row.externalId,
      entryId: entry.id,
      from: entry.amount,
      to,
      correction: {
        entryId: entry.id,
        amount: to,
        currency: row.currency,
        originalAmount: row.originalAmount,
        description: row.description,
        reason: `${name} export: refunded in part since it was imported (was ${entry.amount})`,
      },
    });
  }
  for (const row of read.refunded) {
    const entry = stored.get(row.externalId);
    if (!entry) continue;
    changes.push({
      line: row.line,
      externalId: row.externalId,
      entryId: entry.id,
      from: entry.amount,
      to: null,
      correction: {
        entryId: entry.id,
        amount: null,
        currency: 'USD',
        originalAmount: entry.amount,
        description: '',
        reason: `${name} export: refunded in full since it was imported (was ${entry.amount})`,
      },
    });
  }
  changes.sort((a, b) => a.line - b.line);
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
    corrections: changes.map((change) => change.correction),
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
      update: changes.length,
      changes: changes.slice(0, LISTED_ROWS).map(({ correction: _correction, ...change }) => change),
      duplicate:
        read.repeated +
        again.rows.length +
        again.skipped.length -
        changes.filter((c) => c.to !== null).length,
      skipped: allSkipped.length,
      errors: read.errors.slice(0, LISTED_ROWS),
      skippedReasons: allSkipped.slice(0, LISTED_ROWS),
      total: formatCents(total),
    },
  };
}

/** Cents of a stored amount, which always has two decimals ("12.50"). */
const centsOf = (amount: string) => BigInt(amount.replace('.', ''));

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
