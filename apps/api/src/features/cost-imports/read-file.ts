import { IMPORT_MAX_ROWS, type CostImportFormat, type ImportLine } from '@journey/contracts';
import { csvRows, isBlank, MalformedCsvError, type CsvRow } from '../revenue-imports/csv-rows';
import { ImportFileError } from '../revenue-imports/read-export';
import { anthropic } from './anthropic';
import { externalIdOf, type CostCells, type CostExportFormat, type CostLine } from './format';
import { generic } from './generic';
import { openai } from './openai';

export const COST_FORMATS: Record<CostImportFormat, CostExportFormat> = { openai, anthropic, generic };

export interface CostFileRow extends CostLine {
  line: number;
  externalId: string;
}

/** What a file holds, before the database is asked which lines it already has. */
export interface CostFile {
  rows: CostFileRow[];
  /** Rows with nothing to record (less than half a cent). */
  skipped: number;
  errors: ImportLine[];
}

const normalized = (name: string) => name.trim().toLowerCase();

/** Each column key's position in the header; a header without a required column refuses the file. */
function columnsOf(header: CsvRow, format: CostExportFormat): Map<string, number> {
  const names = new Map<string, number>();
  header.cells.forEach((name, index) => {
    if (!names.has(normalized(name))) names.set(normalized(name), index);
  });
  const positions = new Map<string, number>();
  for (const [key, spellings] of Object.entries(format.columns)) {
    const found = spellings.map((name) => names.get(name)).find((index) => index !== undefined);
    if (found !== undefined) positions.set(key, found);
  }
  const missing = format.required.filter((key) => !positions.has(key));
  if (missing.length > 0) {
    const named = (key: string) => format.columns[key]?.[0] ?? key;
    const expected = format.required.map(named).join(', ');
    throw new ImportFileError(
      header.line,
      `missing ${missing.length === 1 ? 'column' : 'columns'} ${missing.map(named).join(', ')} (expected a header with ${expected}).`,
    );
  }
  return positions;
}

const cellsOf =
  (row: CsvRow, positions: Map<string, number>): CostCells =>
  (key) => {
    const index = positions.get(key);
    return index === undefined ? '' : (row.cells[index] ?? '').trim();
  };

/** Reads an export row by row; blank lines count for the line numbers only. */
export async function readCostFile(format: CostImportFormat, csv: string): Promise<CostFile> {
  const spec = COST_FORMATS[format];
  const result: CostFile = { rows: [], skipped: 0, errors: [] };
  const occurrences = new Map<string, number>();
  let positions: Map<string, number> | null = null;
  let dataRows = 0;
  try {
    for await (const row of csvRows(csv)) {
      if (isBlank(row)) continue;
      if (!positions) {
        positions = columnsOf(row, spec);
        continue;
      }
      if (++dataRows > IMPORT_MAX_ROWS) {
        throw new ImportFileError(
          row.line,
          `the file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; split it.`,
        );
      }
      const outcome = spec.read(cellsOf(row, positions));
      if ('error' in outcome) result.errors.push({ line: row.line, message: outcome.error });
      else if ('skip' in outcome) result.skipped++;
      else {
        const seen = (occurrences.get(outcome.line.identity) ?? 0) + 1;
        occurrences.set(outcome.line.identity, seen);
        result.rows.push({
          ...outcome.line,
          line: row.line,
          externalId: externalIdOf(outcome.line.identity, seen),
        });
      }
    }
  } catch (error) {
    if (error instanceof MalformedCsvError) throw new ImportFileError(error.line, error.message);
    throw error;
  }
  if (!positions) throw new ImportFileError(1, 'the file has no header row.');
  return result;
}
