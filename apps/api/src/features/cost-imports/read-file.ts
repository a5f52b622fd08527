import type { CostImportFormat, ImportLine } from '@journey/contracts';
import type { CsvRow } from '../imports/csv-rows';
import { cellAt, headerPositions, missingColumns, readRows } from '../imports/read-file';
import { anthropic } from './anthropic';
import { externalIdOf, type CostExportFormat, type CostLine } from './format';
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

/** Each column key's position in the header; a header without a required column refuses the file. */
function columnsOf(header: CsvRow, format: CostExportFormat): Map<string, number> {
  const names = headerPositions(header);
  const positions = new Map<string, number>();
  for (const [key, spellings] of Object.entries(format.columns)) {
    const found = spellings.map((name) => names.get(name)).find((index) => index !== undefined);
    if (found !== undefined) positions.set(key, found);
  }
  const missing = format.required.filter((key) => !positions.has(key));
  if (missing.length > 0) {
    const named = (key: string) => format.columns[key]?.[0] ?? key;
    throw missingColumns(header, missing.map(named), format.required.map(named));
  }
  return positions;
}

/** Reads an export row by row. */
export async function readCostFile(format: CostImportFormat, csv: string): Promise<CostFile> {
  const spec = COST_FORMATS[format];
  const result: CostFile = { rows: [], skipped: 0, errors: [] };
  const occurrences = new Map<string, number>();
  await readRows(
    csv,
    (header) => columnsOf(header, spec),
    (row, positions) => {
      const outcome = spec.read((key) => cellAt(row, positions.get(key)));
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
    },
  );
  return result;
}
