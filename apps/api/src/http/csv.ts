import { stringify } from 'csv-stringify/sync';

/**
 * RFC 4180 rows ending in CRLF. Values a spreadsheet would run as a formula (=, +, -, @, tab, carriage
 * return at the start) get a leading apostrophe, so an export can't smuggle one in. A spreadsheet that
 * splits on `;`, `|` or tab instead of `,` would start a new cell inside `x;=1+1`: every field holding one
 * of them (or a line break) is quoted, which keeps it one cell whatever the separator
 * (docs/decisions/057-render-limits-and-http-hardening.md).
 */
const CSV_OPTIONS = {
  escape_formulas: true,
  record_delimiter: 'windows',
  quoted_match: /[\r\n;|\t]/,
} as const;

export function csvRows(rows: readonly (readonly (string | number)[])[]): string {
  return stringify(rows as (string | number)[][], CSV_OPTIONS);
}

/** One field as a CSV line holds it. */
export const csvField = (value: string | number): string => csvRows([[value]]).slice(0, -2);
