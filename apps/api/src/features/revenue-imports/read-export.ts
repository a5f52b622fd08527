import { IMPORT_MAX_ROWS, type ImportLine, type ImportProvider } from '@journey/contracts';
import { csvRows, isBlank, MalformedCsvError, type CsvRow } from './csv-rows';
import type { Cells, ExportEntry, RowOutcome } from './format';
import { EXPORT_FORMATS } from './providers';

/** A file refused whole (wrong columns, too many rows, broken quoting), at its line. */
export class ImportFileError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}

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

const normalized = (name: string) => name.trim().toLowerCase();

/** Each column's position by its normalized name; the header's missing required columns refuse the file. */
function columnsOf(header: CsvRow, required: readonly string[]): Map<string, number> {
  const positions = new Map<string, number>();
  header.cells.forEach((name, index) => {
    if (!positions.has(normalized(name))) positions.set(normalized(name), index);
  });
  const missing = required.filter((name) => !positions.has(normalized(name)));
  if (missing.length > 0) {
    throw new ImportFileError(
      header.line,
      `missing ${missing.length === 1 ? 'column' : 'columns'} ${missing.join(', ')} (expected a header with ${required.join(', ')}).`,
    );
  }
  return positions;
}

function cellsOf(row: CsvRow, positions: Map<string, number>): Cells {
  return (column) => {
    const index = positions.get(normalized(column));
    return index === undefined ? '' : (row.cells[index] ?? '').trim();
  };
}

/** Reads a provider's export row by row; blank lines count for the line numbers only. */
export async function readExport(provider: ImportProvider, csv: string): Promise<ReadExport> {
  const format = EXPORT_FORMATS[provider];
  const result: ReadExport = { rows: [], repeated: 0, skipped: [], refunded: [], errors: [] };
  const seen = new Set<string>();
  let positions: Map<string, number> | null = null;
  let dataRows = 0;
  try {
    for await (const row of csvRows(csv)) {
      if (isBlank(row)) continue;
      if (!positions) {
        positions = columnsOf(row, format.required);
        continue;
      }
      if (++dataRows > IMPORT_MAX_ROWS) {
        throw new ImportFileError(
          row.line,
          `the file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; split it.`,
        );
      }
      record(result, seen, row.line, format.read(cellsOf(row, positions)));
    }
  } catch (error) {
    if (error instanceof MalformedCsvError) throw new ImportFileError(error.line, error.message);
    throw error;
  }
  if (!positions) throw new ImportFileError(1, 'the file has no header row.');
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
