import { generateOpenApiDocument } from 'trpc-to-openapi';
import { OPEN_DATA_OPENAPI_PATHS } from '../features/open-data/openapi-paths';
import { appRouter } from './router';

let document: ReturnType<typeof generateOpenApiDocument> | undefined;

/** The OpenAPI 3 description of every REST path: the procedures' meta, and the open-data routes. */
export function openApiDocument() {
  if (document) return document;
  const generated = generateOpenApiDocument(appRouter, {
    title: 'Journey API',
    description:
      'REST paths of the journey site. Errors are JSON `{ message, errors? }`; writes and `/revenues/all` need the session cookie from `/login`.',
    version: '1.0.0',
    baseUrl: '/api',
  });
  document = { ...generated, paths: { ...generated.paths, ...OPEN_DATA_OPENAPI_PATHS } };
  return document;
}
