import {
  decimalString,
  errorBodySchema,
  isoTimestamp,
  publicLedgerSchema,
  revenueSummarySchema,
} from '@journey/contracts';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { LEDGER_ALGORITHM, LEDGER_CSV_COLUMNS } from './ledger';

/** The header of `revenue.csv`, in its order. */
export const REVENUE_CSV_COLUMNS = ['month', 'ai', 'passive', 'consulting', 'total'] as const;

/** `summary.json`: the revenue totals with the target, the milestone count and the latest date. */
export const publicSummarySchema = revenueSummarySchema.extend({
  target: decimalString,
  percentage: z
    .number()
    .nullable()
    .describe(
      'Percent of the target reached, not capped, to nine decimals (a cent of $1B is 10⁻⁹ %: exact); null unless the total is shown exactly',
    ),
  milestoneCount: z.number().int().min(0),
  lastUpdated: isoTimestamp.nullable().describe('Date of the latest revenue entry or milestone'),
});
export type PublicSummary = z.infer<typeof publicSummarySchema>;

const CORS_NOTE =
  'Open to every origin: `Access-Control-Allow-Origin: *` for GET, HEAD and OPTIONS. Revalidate with the `ETag`.';
const unavailable = { description: 'Error', content: { 'application/json': { schema: errorBodySchema } } };

/**
 * The open-data paths in the OpenAPI document, relative to its `/api` server. They are plain routes
 * (a CSV is no tRPC answer), so they are described here from their schemas rather than from a procedure.
 */
export const OPEN_DATA_OPENAPI_PATHS: ZodOpenApiPathsObject = {
  '/public/summary.json': {
    get: {
      operationId: 'publicSummary',
      summary: 'Revenue summary (open data)',
      description: `Totals toward the $1B target. ${CORS_NOTE}`,
      tags: ['open data'],
      responses: {
        '200': {
          description: 'The summary',
          content: { 'application/json': { schema: publicSummarySchema } },
        },
        '503': unavailable,
      },
    },
  },
  '/public/revenue.csv': {
    get: {
      operationId: 'publicRevenueCsv',
      summary: 'Monthly revenue by source (open data, CSV)',
      description: `Header \`${REVENUE_CSV_COLUMNS.join(',')}\`; one row per month (UTC, \`YYYY-MM\`) from the first entry's to the last's, amounts as exact decimals; no descriptions. ${CORS_NOTE}`,
      tags: ['open data'],
      responses: {
        '200': { description: 'The CSV', content: { 'text/csv': { schema: z.string() } } },
        '503': unavailable,
      },
    },
  },
  '/public/ledger.json': {
    get: {
      operationId: 'publicLedger',
      summary: 'Public ledger (open data)',
      description: `Every creation, edit, deletion and undo of a revenue entry, oldest first, hash-chained over salted commitments of the values: ${LEDGER_ALGORITHM} ${CORS_NOTE}`,
      tags: ['open data'],
      responses: {
        '200': { description: 'The ledger', content: { 'application/json': { schema: publicLedgerSchema } } },
        '503': unavailable,
      },
    },
  },
  '/public/ledger.csv': {
    get: {
      operationId: 'publicLedgerCsv',
      summary: 'Public ledger (open data, CSV)',
      description: `Header \`${LEDGER_CSV_COLUMNS.join(',')}\`; the rows of \`ledger.json\`, an empty field for null (a private row's \`old\`, \`new\` and \`secret\`). ${CORS_NOTE}`,
      tags: ['open data'],
      responses: {
        '200': { description: 'The CSV', content: { 'text/csv': { schema: z.string() } } },
        '503': unavailable,
      },
    },
  },
};
