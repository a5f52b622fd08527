import type { ImportLine, ImportProvider } from '@journey/contracts';
import type { CsvRow } from '../imports/csv-rows';
import { cellAt, headerPositions, missingColumns, normalized, readRows } from '../imports/read-file';
import type { Cells, ExportEntry, RowOutcome } from './format';
import { EXPORT_FORMATS } from './providers';

export interface ExportRow extends ExportEntry {
  line: number;
}

/** What a file holds, before the database is asked which rows it already has. */
export interface ReadExport {
  rows: ExportRow[];
  /** Rows whose transaction id came earlier in the same file. */
  repeated: number;
  skipped: { line: number; reason: string }[];
  /** Skipped rows refunded in full: an entry stored from one before is corrected. */
  refunded: { line: number; externalId: string }[];
  errors: ImportLine[];
}

/** The header's columns; a header without every required column refuses the file. */
function columnsOf(header: CsvRow, required: readonly string[]): Map<string, number> {
  const positions = headerPositions(header);
  const missing = required.filter((name) => !positions.has(normalized(name)));
  if (missing.length > 0) throw missingColumns(header, missing, required);
  return positions;
}

/** Reads a provider's export row by row. */
export async function readExport(provider: ImportProvider, csv: string): Promise<ReadExport> {
  const format = EXPORT_FORMATS[provider];
  const result: ReadExport = { rows: [], repeated: 0, skipped: [], refunded: [], errors: [] };
  const seen = new Set<string>();
  await readRows(
    csv,
    (header) => columnsOf(header, format.required),
    (row, positions) => {
      const cells: Cells = (column) => cellAt(row, positions.get(normalized(column)));
      record(result, seen, row.line, format.read(cells));
    },
  );
  return result;
}

function record(result: ReadExport, seen: Set<string>, line: number, outcome: RowOutcome): void {
  if ('error' in outcome) result.errors.push({ line, message: outcome.error });
  else if ('skip' in outcome) {
    result.skipped.push({ line, reason: outcome.skip });
    if (outcome.refundedId) result.refunded.push({ line, externalId: outcome.refundedId });
  } else if (seen.has(outcome.entry.externalId)) result.repeated++;
  else {
    seen.add(outcome.entry.externalId);
    result.rows.push({ line, ...outcome.entry });
  }
}
