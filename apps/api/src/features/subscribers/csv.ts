/**
 * One CSV field (RFC 4180). Values a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return at the start) get a leading apostrophe, so an export can't smuggle one in.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: (string | number)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
