import { BADGE_PATH, BADGE_STYLES, BADGE_THEMES, validationErrorBody } from '@journey/contracts';
import { getRevenueSummary } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badgeSvg } from '../features/badge/badge-svg';
import { readPrivacy } from '../features/privacy/shown-figures';
import { sendPublicFile } from '../http/public-file';
import { CACHED_ROUTE } from '../http/send-cached';

/** Other query parameters (a cache-buster such as `?v=2`) are ignored. */
const badgeQuery = z.object({
  theme: z.enum(BADGE_THEMES, { error: 'theme must be light or dark' }).default('light'),
  style: z.enum(BADGE_STYLES, { error: 'style must be flat or card' }).default('flat'),
});

/**
 * Headers of an image other sites embed: readable cross-origin, cached a few minutes by browsers and
 * proxies, and a policy that lets an opened SVG run nothing.
 */
const BADGE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'cross-origin-resource-policy': 'cross-origin',
};

/** The embeddable progress badge, `GET /badge.svg?theme=light|dark&style=flat|card`. */
export default async function badge(app: FastifyInstance) {
  app.get(BADGE_PATH, CACHED_ROUTE, async (request, reply) => {
    const query = badgeQuery.safeParse(request.query ?? {});
    if (!query.success) return reply.status(400).send(validationErrorBody(query.error));
    const { theme, style } = query.data;
    return sendPublicFile(request, reply, app.publicCache, {
      key: `${BADGE_PATH} ${theme} ${style}`,
      contentType: 'image/svg+xml; charset=utf-8',
      cacheControl: 'public, max-age=300',
      headers: BADGE_HEADERS,
      tables: ['revenues', 'settings'],
      produce: async () => {
        const [totals, privacy] = await Promise.all([getRevenueSummary(app.database.db), readPrivacy(app)]);
        return badgeSvg(totals.totalRevenue, privacy.total, theme, style);
      },
    });
  });
}
