/** Where the open data lives: the figures as JSON and the monthly revenue as CSV. */
export const OPEN_DATA_PATHS = {
  summary: '/api/public/summary.json',
  revenueCsv: '/api/public/revenue.csv',
} as const;
