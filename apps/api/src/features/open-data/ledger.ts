import {
  LEDGER_ALGORITHM,
  ledgerRowIsPublic,
  type PrivacySettings,
  type PublicLedger,
  type PublishedLedgerRow,
} from '@journey/contracts';
import {
  countCorrections,
  ledgerEntity,
  listLedger,
  publishedLedgerRow,
  withheldLedgerRow,
  type LedgerRow,
} from '@journey/db';
import { csvRows } from '../../http/csv';
import type { Services } from '../../trpc/context';
import { readSettings } from '../settings/read';

/** The header of `ledger.csv`, in its order. */
export const LEDGER_CSV_COLUMNS = [
  'id',
  'entity',
  'entry_id',
  'time',
  'field',
  'old_commitment',
  'new_commitment',
  'old',
  'new',
  'secret',
  'reason',
  'revealed_at',
  'prev_hash',
  'hash',
] as const;

/** How anyone recomputes `hash`, the commitments and the totals, published with the rows. */
export { LEDGER_ALGORITHM };

/** Whether the public sees a stored row's values (docs/decisions/084-ledger-commitments.md). */
export const isPublicRow = (row: LedgerRow, privacy: PrivacySettings) =>
  ledgerRowIsPublic({ entity: ledgerEntity(row), revealed: row.revealedAt !== null }, privacy);

/** A stored row as the public reads it: its values and secret only when its figure is exact or revealed. */
export function publicLedgerRow(row: LedgerRow, privacy: PrivacySettings): PublishedLedgerRow {
  const published = publishedLedgerRow(row);
  return isPublicRow(row, privacy) ? published : withheldLedgerRow(published);
}

/**
 * `ledger.json`: every row, oldest first, with the corrections counted as the tracker counts them.
 * Built from the settings too: a change of privacy shows or withholds values, so its caches list both.
 */
export async function publicLedger(
  services: Pick<Services, 'config' | 'database' | 'now'>,
): Promise<PublicLedger> {
  const { db } = services.database;
  const [rows, corrections, { privacy }] = await Promise.all([
    listLedger(db),
    countCorrections(db),
    readSettings(services),
  ]);
  return {
    rows: rows.map((row) => publicLedgerRow(row, privacy)),
    corrections,
    algorithm: LEDGER_ALGORITHM,
  };
}

/** `ledger.csv`: the same rows; an empty field is a null. */
export async function ledgerCsv(services: Pick<Services, 'config' | 'database' | 'now'>): Promise<string> {
  const { rows } = await publicLedger(services);
  return csvRows([
    LEDGER_CSV_COLUMNS,
    ...rows.map((row) => [
      row.id,
      row.entity,
      row.entryId ?? '',
      row.time,
      row.field,
      row.oldCommitment ?? '',
      row.newCommitment ?? '',
      row.old ?? '',
      row.new ?? '',
      row.secret ?? '',
      row.reason ?? '',
      row.revealedAt ?? '',
      row.prevHash,
      row.hash,
    ]),
  ]);
}
