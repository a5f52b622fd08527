import type { FastifyInstance } from 'fastify';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { AUDIT_CSV_OPENAPI_PATHS } from '../features/audit/csv-openapi';
import { ONE_CLICK_OPENAPI_PATHS } from '../features/newsletter/one-click-openapi';
import { OPEN_DATA_OPENAPI_PATHS } from '../features/open-data/schemas';
import { appRouter } from '../trpc/router';

let document: ReturnType<typeof generateOpenApiDocument> | undefined;

/** The OpenAPI 3 description of every REST path: the procedures' meta, the open-data routes and the one-click unsubscribe. */
export function openApiDocument() {
  document ??= generateOpenApiDocument(appRouter, {
    title: 'Journey API',
    description:
      'REST paths of the journey site. Errors are JSON `{ message, errors? }`; writes and `/revenues/all` need the session cookie from `/login`.',
    version: '1.0.0',
    baseUrl: '/api',
    paths: { ...OPEN_DATA_OPENAPI_PATHS, ...ONE_CLICK_OPENAPI_PATHS, ...AUDIT_CSV_OPENAPI_PATHS },
  });
  return document;
}

export default async function openapi(app: FastifyInstance) {
  app.get('/api/openapi.json', async () => openApiDocument());
}
