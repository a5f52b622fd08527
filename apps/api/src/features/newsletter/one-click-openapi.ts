import { errorBodySchema, NEWSLETTER_PATHS, unsubscribeResultSchema } from '@journey/contracts';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';

const oneClickForm = z.object({ 'List-Unsubscribe': z.literal('One-Click') });
const refused = { description: 'Error', content: { 'application/json': { schema: errorBodySchema } } };

/**
 * The one-click unsubscribe in the OpenAPI document (routes/one-click-unsubscribe.ts): a plain route,
 * outside `/api` since mail carries its URL, described from its schemas as the open-data paths are.
 */
export const ONE_CLICK_OPENAPI_PATHS: ZodOpenApiPathsObject = {
  // The document's server is `/api`; this path item names the site's root instead.
  [NEWSLETTER_PATHS.unsubscribe]: {
    servers: [{ url: '/' }],
    post: {
      operationId: 'oneClickUnsubscribe',
      summary: 'One-click unsubscribe (RFC 8058)',
      description:
        "What a mail provider's Unsubscribe button sends to the URL in a newsletter's `List-Unsubscribe` header. Open to every site: the token is the authority.",
      tags: ['subscribers'],
      requestParams: { query: z.object({ token: z.string().min(1).max(200) }) },
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': { schema: oneClickForm },
          'multipart/form-data': { schema: oneClickForm },
        },
      },
      responses: {
        '200': {
          description: 'Unsubscribed (again, if it was already)',
          content: { 'application/json': { schema: unsubscribeResultSchema } },
        },
        '400': refused,
      },
    },
  },
};
