import {
  checkLedgerChain,
  replayLedger,
  type LedgerChainCheck,
  type LedgerTotals,
  type PublishedLedgerRow,
} from '@journey/contracts/constants';

/**
 * The `/ledger` page's check (docs/decisions/079-ledger-of-every-write.md), from the public files
 * alone, as any visitor could run it: the chain, then the totals replayed from the rows against the
 * published ones (the tracker's total, each source's, each month's).
 */

/** `summary.json`'s totals. */
export interface PublishedSummary {
  totalRevenue: string;
  bySource: Record<string, string>;
}

/** One figure that the ledger and the site disagree on. */
export interface TotalMismatch {
  figure: string;
  published: string;
  replayed: string;
}

export interface LedgerVerification {
  chain: LedgerChainCheck;
  totals: LedgerTotals;
  /** Figures compared, and those that differ. */
  compared: number;
  mismatches: TotalMismatch[];
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

/** The figures the site publishes that the replayed ledger does not reproduce. */
export function compareTotals(
  totals: LedgerTotals,
  summary: PublishedSummary,
  months: ReadonlyMap<string, string>,
): { compared: number; mismatches: TotalMismatch[] } {
  const pairs: [string, string, string][] = [['Total', summary.totalRevenue, totals.total]];
  for (const [source, published] of Object.entries(summary.bySource)) {
    pairs.push([`Source ${source}`, published, totals.bySource[source] ?? '0.00']);
  }
  for (const [month, published] of months) {
    pairs.push([`Month ${month}`, published, totals.byMonth[month] ?? '0.00']);
  }
  for (const [month, replayed] of Object.entries(totals.byMonth)) {
    if (!months.has(month)) pairs.push([`Month ${month}`, '0.00', replayed]);
  }
  const mismatches = pairs
    .filter(([, published, replayed]) => !sameAmount(published, replayed))
    .map(([figure, published, replayed]) => ({ figure, published, replayed }));
  return { compared: pairs.length, mismatches };
}

/** SHA-256 in the browser (Web Crypto), as lowercase hex. */
export async function webSha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function verifyLedger(
  rows: readonly PublishedLedgerRow[],
  summary: PublishedSummary,
  revenueCsv: string,
  sha256: (text: string) => string | Promise<string> = webSha256,
): Promise<LedgerVerification> {
  const chain = await checkLedgerChain(rows, sha256);
  const totals = replayLedger(rows);
  return { chain, totals, ...compareTotals(totals, summary, monthlyTotalsOfCsv(revenueCsv)) };
}
