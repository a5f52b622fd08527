import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './router';

let document: ReturnType<typeof generateOpenApiDocument> | undefined;

/** The OpenAPI 3 description of every REST path, built from the procedures' meta once. */
export function openApiDocument() {
  document ??= generateOpenApiDocument(appRouter, {
    title: 'Journey API',
    description:
      'REST paths of the journey site. Errors are JSON `{ message, errors? }`; writes and `/revenues/all` need the session cookie from `/login`.',
    version: '1.0.0',
    baseUrl: '/api',
  });
  return document;
}
