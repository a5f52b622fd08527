import {
  emailField,
  type ImportLine,
  type SubscriberImportFormat,
  type SubscriberImportPreview,
} from '@journey/contracts';
import { subscribersOnList, type Database, type SubscriberImportEntry } from '@journey/db';
import type { CsvRow } from '../imports/csv-rows';
import { cellAt, headerPositions, missingColumns, readRows } from '../imports/read-file';
import { SUBSCRIBER_FORMATS, type SubscriberExportFormat } from './formats';

/** The preview lists at most this many rows (the counts stay exact): the answer stays small. */
export const LISTED_ROWS = 1_000;

/** The sign-up form's own check: trimmed, lower case, a valid address (docs/decisions/096-subscriber-import.md). */
const email = emailField();

export interface SubscriberImportPlan {
  entries: SubscriberImportEntry[];
  preview: SubscriberImportPreview;
  /** Every row in error, unlisted ones included. */
  errors: ImportLine[];
}

/** Each column key's position in the header; a header without an email column refuses the file. */
function columnsOf(header: CsvRow, format: SubscriberExportFormat): Map<string, number> {
  const names = headerPositions(header);
  const positions = new Map<string, number>();
  for (const [key, spellings] of Object.entries(format.columns)) {
    const found = spellings.map((name) => names.get(name)).find((index) => index !== undefined);
    if (found !== undefined) positions.set(key, found);
  }
  const emailColumn = format.columns.email?.[0] ?? 'email';
  if (!positions.has('email')) throw missingColumns(header, [emailColumn], [emailColumn]);
  return positions;
}

/**
 * What importing the file would do: the addresses to add with the status each gets, those already on
 * the list (left as they are), those repeated in the file, and the rows in error.
 */
export async function planSubscriberImport(
  db: Database,
  format: SubscriberImportFormat,
  csv: string,
): Promise<SubscriberImportPlan> {
  const spec = SUBSCRIBER_FORMATS[format];
  const errors: ImportLine[] = [];
  const read: (SubscriberImportEntry & { line: number })[] = [];
  const seen = new Set<string>();
  let duplicate = 0;
  await readRows(
    csv,
    (header) => columnsOf(header, spec),
    (row, positions) => {
      const raw = cellAt(row, positions.get('email'));
      const address = email.safeParse(raw);
      if (!address.success) {
        const shown = raw === '' ? 'email is empty.' : `"${raw.slice(0, 80)}" is not a valid email address.`;
        errors.push({ line: row.line, message: shown });
        return;
      }
      const outcome = spec.read((key) => cellAt(row, positions.get(key)));
      if ('error' in outcome) {
        errors.push({ line: row.line, message: outcome.error });
        return;
      }
      // The first row of an address wins; a later one is counted and left out.
      if (seen.has(address.data)) {
        duplicate++;
        return;
      }
      seen.add(address.data);
      read.push({ ...outcome, email: address.data, line: row.line });
    },
  );
  const onList = await subscribersOnList(
    db,
    read.map((entry) => entry.email),
  );
  const entries = read.filter((entry) => !onList.has(entry.email));
  const count = (status: string) => entries.filter((entry) => entry.status === status).length;
  return {
    entries,
    errors,
    preview: {
      add: entries.length,
      confirmed: count('confirmed'),
      pending: count('pending'),
      unsubscribed: count('unsubscribed'),
      alreadyOnList: read.length - entries.length,
      duplicate,
      rows: entries.slice(0, LISTED_ROWS).map((entry) => ({
        line: entry.line,
        email: entry.email,
        status: entry.status,
        consentSource: entry.consentSource,
      })),
      errors: errors.slice(0, LISTED_ROWS),
    },
  };
}
