import { AUDIT_CSV_COLUMNS, auditFilterInput, errorBodySchema } from '@journey/contracts';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';

const refused = { description: 'Error', content: { 'application/json': { schema: errorBodySchema } } };

/** The audit trail's CSV (./csv-route.ts) in the OpenAPI document: a plain route, described from its schemas. */
export const AUDIT_CSV_OPENAPI_PATHS: ZodOpenApiPathsObject = {
  '/admin/audit.csv': {
    get: {
      operationId: 'auditCsv',
      summary: 'The audit trail as CSV (an attachment), newest first',
      description: `Header \`${AUDIT_CSV_COLUMNS.join(',')}\`; the filters of \`GET /admin/audit\`; \`detail\` as JSON. Signed-in owner only.`,
      tags: ['audit'],
      requestParams: { query: auditFilterInput },
      responses: {
        '200': { description: 'The CSV', content: { 'text/csv': { schema: z.string() } } },
        '400': refused,
        '401': refused,
      },
    },
  },
};
