import type { EcbRate } from '@journey/db';
import { strFromU8, unzipSync } from 'fflate';

/**
 * The ECB's reference rates as it publishes them (docs/decisions/078-exchange-rates.md): a CSV whose
 * header is `Date` then one currency code per column (units per euro), newest day first, `N/A` where a
 * currency had no rate that day, and a trailing comma on every line. Both of its files read here: the
 * whole history (`2024-09-26,1.1155,…`) and the day's (`26 September 2024, 1.1155, …`), each as
 * published inside a zip or unzipped.
 */

/** A file that is not the ECB's CSV; the message says what was expected. */
export class EcbFormatError extends Error {}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `2024-09-26` or `26 September 2024` as YYYY-MM-DD; null for anything else. */
function isoDay(text: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const match = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(text);
  const month = match ? MONTHS.indexOf(match[2] ?? '') + 1 : 0;
  if (!match || month === 0) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${(match[1] ?? '').padStart(2, '0')}`;
}

export function parseEcbCsv(text: string): EcbRate[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((cell) => cell.trim());
  if (header[0] !== 'Date' || header.length < 2) {
    throw new EcbFormatError(
      'This is not the ECB\'s rates CSV: its first line should start with "Date,USD,".',
    );
  }
  const rates: EcbRate[] = [];
  lines.slice(1).forEach((line, index) => {
    const cells = line.split(',').map((cell) => cell.trim());
    const day = isoDay(cells[0] ?? '');
    if (!day) throw new EcbFormatError(`Line ${index + 2}: "${cells[0] ?? ''}" is not a date.`);
    header.slice(1).forEach((currency, column) => {
      const value = cells[column + 1] ?? '';
      if (currency === '' || value === '' || value === 'N/A') return;
      if (!/^[A-Z]{3}$/.test(currency)) throw new EcbFormatError(`"${currency}" is not a currency code.`);
      if (!/^\d+(\.\d+)?$/.test(value) || Number(value) === 0) {
        throw new EcbFormatError(`Line ${index + 2}: the ${currency} rate "${value}" is not a rate.`);
      }
      rates.push({ day, currency, perEuro: value });
    });
  });
  if (rates.length === 0) throw new EcbFormatError('The file holds no rates.');
  return rates;
}

/** The CSV text of a download or an upload: the first .csv inside a zip, or the bytes themselves. */
export function ecbCsvText(bytes: Uint8Array): string {
  const zipped = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (!zipped) return strFromU8(bytes);
  const files = unzipSync(bytes, { filter: (file) => file.name.toLowerCase().endsWith('.csv') });
  const [csv] = Object.values(files);
  if (!csv) throw new EcbFormatError('The zip holds no CSV file.');
  return strFromU8(csv);
}
