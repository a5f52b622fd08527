import {
  checkLedgerChain,
  LEDGER_VALUES_MISMATCH,
  replayLedger,
  type LedgerChainCheck,
  type LedgerTotals,
  type PublishedLedgerRow,
} from '@journey/contracts/constants';

/**
 * The `/ledger` page's check (docs/decisions/079-ledger-of-every-write.md, 084-ledger-commitments.md),
 * from the public files alone, as any visitor could run it: the chain, each public row's values against
 * its commitments, then, when every revenue row is public, the totals replayed from the rows against
 * the published ones (the tracker's total, each source's, each month's).
 */

/** `summary.json`'s totals; a figure the owner does not show exactly is not a decimal string. */
export interface PublishedSummary {
  totalRevenue: unknown;
  bySource: Record<string, unknown>;
}

/** One figure that the ledger and the site disagree on. */
export interface TotalMismatch {
  figure: string;
  published: string;
  replayed: string;
}

/** The totals replayed and compared; absent while the owner keeps revenue rows private. */
export interface TotalsCheck {
  totals: LedgerTotals;
  /** Figures compared, and those that differ. */
  compared: number;
  mismatches: TotalMismatch[];
}

export interface LedgerVerification {
  chain: LedgerChainCheck;
  /** Rows publishing their commitments alone. */
  privateRows: number;
  totals: TotalsCheck | null;
}

/** What a row's values are known to be, once the chain has been checked as far as it holds. */
export type RowValues = 'private' | 'match' | 'mismatch' | 'unchecked';

export function rowValues(row: PublishedLedgerRow, chain: LedgerChainCheck): RowValues {
  if (row.secret === null) return 'private';
  if (chain.intact || row.id < chain.brokenAt) return 'match';
  return row.id === chain.brokenAt && chain.problem === LEDGER_VALUES_MISMATCH ? 'mismatch' : 'unchecked';
}

/** `revenue.csv` (header `month,ai,passive,consulting,total`) as month → total. */
export function monthlyTotalsOfCsv(csv: string): Map<string, string> {
  const [header = '', ...lines] = csv.trim().split(/\r?\n/);
  const columns = header.split(',');
  const month = columns.indexOf('month');
  const total = columns.indexOf('total');
  const totals = new Map<string, string>();
  for (const line of lines) {
    const cells = line.split(',');
    const key = cells[month];
    const value = cells[total];
    if (key && value !== undefined) totals.set(key, value);
  }
  return totals;
}

/** Compares decimal strings as amounts ("5" equals "5.00"). */
const sameAmount = (a: string, b: string) => Number(a).toFixed(2) === Number(b).toFixed(2);

/** The figures the site publishes exactly that the replayed ledger does not reproduce. */
export function compareTotals(
  totals: LedgerTotals,
  summary: PublishedSummary,
  months: ReadonlyMap<string, string>,
): { compared: number; mismatches: TotalMismatch[] } {
  const pairs: [string, unknown, string][] = [['Total', summary.totalRevenue, totals.total]];
  for (const [source, published] of Object.entries(summary.bySource)) {
    pairs.push([`Source ${source}`, published, totals.bySource[source] ?? '0.00']);
  }
  for (const [month, published] of months) {
    pairs.push([`Month ${month}`, published, totals.byMonth[month] ?? '0.00']);
  }
  for (const [month, replayed] of Object.entries(totals.byMonth)) {
    if (!months.has(month)) pairs.push([`Month ${month}`, '0.00', replayed]);
  }
  const exact = pairs.filter((pair): pair is [string, string, string] => typeof pair[1] === 'string');
  const mismatches = exact
    .filter(([, published, replayed]) => !sameAmount(published, replayed))
    .map(([figure, published, replayed]) => ({ figure, published, replayed }));
  return { compared: exact.length, mismatches };
}

/** SHA-256 in the browser (Web Crypto), as lowercase hex. */
export async function webSha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `published` holds `summary.json` and `revenue.csv`, fetched only when the totals can be replayed. */
export async function verifyLedger(
  rows: readonly PublishedLedgerRow[],
  published: { summary: PublishedSummary; revenueCsv: string } | null,
  sha256: (text: string) => string | Promise<string> = webSha256,
): Promise<LedgerVerification> {
  const chain = await checkLedgerChain(rows, sha256);
  const privateRows = rows.filter((row) => row.secret === null).length;
  if (!published) return { chain, privateRows, totals: null };
  const totals = replayLedger(rows);
  const compared = compareTotals(totals, published.summary, monthlyTotalsOfCsv(published.revenueCsv));
  return { chain, privateRows, totals: { totals, ...compared } };
}
