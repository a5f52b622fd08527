import { IMPORT_MAX_ROWS } from '@journey/contracts';
import { csvRows, isBlank, MalformedCsvError, type CsvRow } from './csv-rows';

/** A file refused whole (wrong columns, too many rows, broken quoting), at its line. */
export class ImportFileError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}

/** A header name as columns are matched: ignoring case and surrounding spaces. */
export const normalized = (name: string) => name.trim().toLowerCase();

/** Each normalized header name's first position. */
export function headerPositions(header: CsvRow): Map<string, number> {
  const positions = new Map<string, number>();
  header.cells.forEach((name, index) => {
    if (!positions.has(normalized(name))) positions.set(normalized(name), index);
  });
  return positions;
}

/** A header that lacks `missing` of the `expected` columns refuses the file. */
export function missingColumns(
  header: CsvRow,
  missing: string[],
  expected: readonly string[],
): ImportFileError {
  return new ImportFileError(
    header.line,
    `missing ${missing.length === 1 ? 'column' : 'columns'} ${missing.join(', ')} (expected a header with ${expected.join(', ')}).`,
  );
}

/** The cell at a column's position, trimmed; '' when the column is absent or the cell empty. */
export const cellAt = (row: CsvRow, index: number | undefined) =>
  index === undefined ? '' : (row.cells[index] ?? '').trim();

/**
 * Reads an import's CSV: its first row that is not blank is the header, which `columnsOf` reads (or
 * refuses); then `each` data row with those columns. Blank lines count for the line numbers only; a
 * file without a header, with more than IMPORT_MAX_ROWS rows or broken quoting is refused whole.
 */
export async function readRows<Columns>(
  csv: string,
  columnsOf: (header: CsvRow) => Columns,
  each: (row: CsvRow, columns: Columns) => void,
): Promise<void> {
  let header: { columns: Columns } | null = null;
  let dataRows = 0;
  try {
    for await (const row of csvRows(csv)) {
      if (isBlank(row)) continue;
      if (!header) {
        header = { columns: columnsOf(row) };
        continue;
      }
      if (++dataRows > IMPORT_MAX_ROWS) {
        throw new ImportFileError(
          row.line,
          `the file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; split it.`,
        );
      }
      each(row, header.columns);
    }
  } catch (error) {
    if (error instanceof MalformedCsvError) throw new ImportFileError(error.line, error.message);
    throw error;
  }
  if (!header) throw new ImportFileError(1, 'the file has no header row.');
}
