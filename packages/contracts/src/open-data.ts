/** The one prefix of the open data: readable from any origin, unlike the rest of the API. */
export const OPEN_DATA_PREFIX = '/api/public';

/** Where the open data lives: the figures as JSON and the monthly revenue as CSV. */
export const OPEN_DATA_PATHS = {
  summary: '/api/public/summary.json',
  revenueCsv: '/api/public/revenue.csv',
  /** docs/decisions/043-correction-ledger.md: every change of an entry after its creation, hash-chained. */
  ledger: '/api/public/ledger.json',
  ledgerCsv: '/api/public/ledger.csv',
  /** How much of the total a provider vouches for (the `connections.verification` procedure). */
  verification: '/api/public/verification.json',
} as const;

/**
 * `summary.json`'s `percentage` has nine decimals: a cent of $1B is 10⁻⁹ %, so that is exact and
 * no finer figure exists (docs/decisions/028-feeds-badge-and-open-data.md).
 */
export const PERCENTAGE_DECIMALS = 9;
