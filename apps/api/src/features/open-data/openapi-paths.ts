import { REVENUE_CSV_COLUMNS } from './routes';

const money = { type: 'string', pattern: '^\\d+\\.\\d{2}$', example: '1234.56' } as const;
const errorResponse = {
  description: 'Error',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          errors: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['message'],
      },
    },
  },
} as const;
const cors =
  'Open to every origin: `Access-Control-Allow-Origin: *` for GET, HEAD and OPTIONS. Revalidate with the `ETag`.';

/**
 * The open-data paths in the OpenAPI document, relative to its `/api` server. They are plain routes
 * (a CSV is no tRPC answer), so they are described here rather than generated from a procedure.
 */
export const OPEN_DATA_OPENAPI_PATHS = {
  '/public/summary.json': {
    get: {
      operationId: 'publicSummary',
      summary: 'Revenue summary (open data)',
      description: `Totals toward the $1B target. ${cors}`,
      tags: ['open data'],
      responses: {
        '200': {
          description: 'The summary',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  totalRevenue: money,
                  bySource: {
                    type: 'object',
                    properties: { ai: money, passive: money, consulting: money },
                    required: ['ai', 'passive', 'consulting'],
                  },
                  target: money,
                  percentage: { type: 'number', description: 'Percent of the target reached, not capped' },
                  milestoneCount: { type: 'integer', minimum: 0 },
                  lastUpdated: {
                    type: ['string', 'null'],
                    format: 'date-time',
                    description: 'Date of the latest revenue entry or milestone',
                  },
                },
                required: [
                  'totalRevenue',
                  'bySource',
                  'target',
                  'percentage',
                  'milestoneCount',
                  'lastUpdated',
                ],
              },
            },
          },
        },
        '503': errorResponse,
      },
    },
  },
  '/public/revenue.csv': {
    get: {
      operationId: 'publicRevenueCsv',
      summary: 'Monthly revenue by source (open data, CSV)',
      description: `Header \`${REVENUE_CSV_COLUMNS.join(',')}\`; one row per month (UTC, \`YYYY-MM\`) from the first entry's to the last's, amounts as exact decimals; no descriptions. ${cors}`,
      tags: ['open data'],
      responses: {
        '200': { description: 'The CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
        '503': errorResponse,
      },
    },
  },
};
