import type { Endpoint } from '../fixtures/capture';
import { adminWriteHeaders, BENCH_REVENUE } from '../fixtures/seed-api';

/** The revenue totals (`revenue.summary`), which the landing page's tracker shows. */
export const TOTALS: Endpoint = {
  name: 'GET /api/revenue (totals)',
  method: 'GET',
  path: '/api/revenue',
  expectedStatus: 200,
};

/** The landing page, rendered on the server, as a visitor without a cookie gets it. */
export const LANDING: Endpoint = {
  name: 'GET / (landing, SSR)',
  method: 'GET',
  path: '/',
  expectedStatus: 200,
};

/** What visitors read: the read mix of the memory figure and the first rows of the throughput table. */
export const READS: readonly Endpoint[] = [
  TOTALS,
  { name: 'GET /api/milestones', method: 'GET', path: '/api/milestones', expectedStatus: 200 },
  { name: 'GET /api/experiments', method: 'GET', path: '/api/experiments', expectedStatus: 200 },
  LANDING,
];

/** The admin adding a revenue entry: the one write of the table. */
export function revenueWrite(baseUrl: string, cookie: string): Endpoint {
  return {
    name: 'POST /api/revenue (admin)',
    method: 'POST',
    path: '/api/revenue',
    headers: adminWriteHeaders(baseUrl, cookie),
    body: JSON.stringify(BENCH_REVENUE),
    expectedStatus: 201,
  };
}
