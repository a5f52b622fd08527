import { LEDGER_ALGORITHM, type PublicLedger } from '@journey/contracts';
import { countCorrections, listLedger, publishedLedgerRow, type DatabaseHandle } from '@journey/db';
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

/** How anyone recomputes `hash` and the totals, published with the rows. */
export { LEDGER_ALGORITHM };

/** `ledger.json`: every published row, oldest first, with the corrections counted as the tracker counts them. */
export async function publicLedger(database: DatabaseHandle): Promise<PublicLedger> {
  const [rows, corrections] = await Promise.all([listLedger(database.db), countCorrections(database.db)]);
  return {
    rows: rows.map(publishedLedgerRow),
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
