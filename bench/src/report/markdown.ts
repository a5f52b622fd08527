/** A Markdown table; Prettier aligns the columns when the file is written. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

export const fmt = {
  rps: (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–'),
  // autocannon records latencies in whole milliseconds: 0 means under one.
  ms: (value: number) =>
    Number.isFinite(value) ? (value < 1 ? '<1' : Math.round(value).toLocaleString('en-US')) : '–',
  // Two significant digits below 1, so that a ratio of 0.004 does not read as 0.00.
  ratio: (value: number) =>
    Number.isFinite(value) ? (value < 1 ? value.toPrecision(2) : value.toFixed(2)) : '–',
  mib: (bytes: number) => `${Math.round(bytes / 2 ** 20).toLocaleString('en-US')} MiB`,
  seconds: (ms: number) => `${(ms / 1000).toFixed(2)} s`,
};
