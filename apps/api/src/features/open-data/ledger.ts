import type { PublicLedger } from '@journey/contracts';
import { countCorrections, listLedger, type DatabaseHandle } from '@journey/db';
import { csvRows } from '../../http/csv';

/** The header of `ledger.csv`, in its order. */
export const LEDGER_CSV_COLUMNS = [
  'id',
  'entry_id',
  'time',
  'field',
  'old',
  'new',
  'reason',
  'prev_hash',
  'hash',
] as const;

/** How anyone recomputes `hash` (docs/decisions/043-correction-ledger.md), published with the rows. */
export const LEDGER_ALGORITHM =
  'hash = lowercase hex SHA-256 of the UTF-8 JSON array [entryId, time, field, old, new, reason, prevHash] ' +
  '(JSON.stringify, no spaces; time as ISO 8601 UTC with milliseconds; prevHash is the previous row’s hash, ' +
  '64 zeros for the first row).';

/** `ledger.json`: every published correction, oldest first, counted as the tracker counts them. */
export async function publicLedger(database: DatabaseHandle): Promise<PublicLedger> {
  const [rows, corrections] = await Promise.all([listLedger(database.db), countCorrections(database.db)]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      entryId: row.revenueId,
      time: row.changedAt,
      field: row.field,
      old: row.oldValue,
      new: row.newValue,
      reason: row.reason,
      prevHash: row.prevHash,
      hash: row.hash,
    })),
    corrections,
    algorithm: LEDGER_ALGORITHM,
  };
}

/** `ledger.csv`: the same rows; an empty field is a null. */
export async function ledgerCsv(database: DatabaseHandle): Promise<string> {
  const { rows } = await publicLedger(database);
  return csvRows([
    LEDGER_CSV_COLUMNS,
    ...rows.map((row) => [
      row.id,
      row.entryId ?? '',
      row.time,
      row.field,
      row.old ?? '',
      row.new ?? '',
      row.reason ?? '',
      row.prevHash,
      row.hash,
    ]),
  ]);
}
