import { stringify } from 'csv-stringify/sync';

/**
 * RFC 4180 rows ending in CRLF, every field with a line break quoted. Values a spreadsheet would run
 * as a formula (=, +, -, @, tab, carriage return at the start) get a leading apostrophe, so an export
 * can't smuggle one in.
 */
const CSV_OPTIONS = { escape_formulas: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

export function csvRows(rows: readonly (readonly (string | number)[])[]): string {
  return stringify(rows as (string | number)[][], CSV_OPTIONS);
}

/** One field as a CSV line holds it. */
export const csvField = (value: string | number): string => csvRows([[value]]).slice(0, -2);
