import { idField, milestoneImagePath, validationErrorBody, type ErrorBody } from '@journey/contracts';
import { getMilestoneDetail, getRevenueSummary } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { renderOgImage } from '../features/preview-image/og-image';
import { readSettings } from '../features/settings/read';
import type { FreshResponse } from '../http/public-cache';
import { API_SECURITY_HEADERS, CACHED_ROUTE, sendCached } from '../http/send-cached';

const params = z.object({ id: idField });

/** Social sites fetch it from their servers and other sites may embed it: readable cross-origin. */
const IMAGE_HEADERS = { ...API_SECURITY_HEADERS, 'cross-origin-resource-policy': 'cross-origin' };

const NOT_FOUND: ErrorBody = { message: 'Milestone not found' };

/**
 * `GET /milestones/:id/og.png`: the milestone's 1200x630 preview image. Rendering costs tens of
 * milliseconds, so it goes through the public cache: made once per version of the data, and made
 * again after any write (the title, the total and the site name it shows can change). A 404 is never kept, so
 * unknown ids cannot fill the cache.
 */
export default async function previewImage(app: FastifyInstance) {
  const { database, publicCache } = app;
  const produce = async (id: number): Promise<FreshResponse> => {
    const [detail, summary, settings] = await Promise.all([
      getMilestoneDetail(database.db, id),
      getRevenueSummary(database.db),
      readSettings(app),
    ]);
    if (!detail) {
      return {
        status: 404,
        contentType: 'application/json; charset=utf-8',
        body: Buffer.from(JSON.stringify(NOT_FOUND)),
      };
    }
    const png = await renderOgImage({
      siteName: settings.siteName,
      milestone: detail.milestone,
      totalRevenue: summary.totalRevenue,
    });
    return { status: 200, contentType: 'image/png', body: png };
  };

  app.get('/milestones/:id/og.png', CACHED_ROUTE, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) return reply.status(400).send(validationErrorBody(parsed.error));
    const { id } = parsed.data;
    // The picture shows the milestone, the current total and the owner's site name.
    const response = await publicCache.get(milestoneImagePath(id), () => produce(id), [
      'milestones',
      'revenues',
      'settings',
    ]);
    if (response.status !== 200)
      return reply
        .headers({ ...IMAGE_HEADERS, 'cache-control': 'no-store' })
        .status(response.status)
        .type(response.contentType)
        .send(response.body);
    return sendCached(request, reply, response, { ...IMAGE_HEADERS, 'cache-control': 'public, max-age=300' });
  });
}
