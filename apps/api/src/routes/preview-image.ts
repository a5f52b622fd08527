import {
  archiveImagePath,
  archiveSlugInput,
  effectivePrivacy,
  experimentImagePath,
  experimentSlugInput,
  idField,
  milestoneImagePath,
  shownAmount,
  validationErrorBody,
  type ErrorBody,
} from '@journey/contracts';
import { archiveIssueBySlug, getExperimentBySlug, getMilestoneDetail, getRevenueSummary } from '@journey/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { figuresOf } from '../features/experiments/figures';
import {
  renderExperimentOgImage,
  renderIssueOgImage,
  renderOgImage,
} from '../features/preview-image/og-image';
import { readSettings } from '../features/settings/read';
import type { CachedResponse, FreshResponse } from '../http/public-cache';
import { API_SECURITY_HEADERS, CACHED_ROUTE, sendCached } from '../http/send-cached';

const params = z.object({ id: idField });

/** Social sites fetch it from their servers and other sites may embed it: readable cross-origin. */
const IMAGE_HEADERS = { ...API_SECURITY_HEADERS, 'cross-origin-resource-policy': 'cross-origin' };

const notFound = (message: string): FreshResponse => ({
  status: 404,
  contentType: 'application/json; charset=utf-8',
  body: Buffer.from(JSON.stringify({ message } satisfies ErrorBody)),
});

/**
 * `GET /milestones/:id/og.png`, `GET /lab/:slug/og.png` and `GET /newsletter/:slug/og.png`: a milestone's,
 * an experiment's or a newsletter issue's 1200x630
 * preview image. Rendering costs tens of milliseconds, so it goes through the public cache: made once
 * per version of the data, and made again after any write (the title, the total and the site name it
 * shows can change). A 404 is never kept, so unknown ids and slugs cannot fill the cache.
 */
export default async function previewImage(app: FastifyInstance) {
  const { database, publicCache } = app;
  const produce = async (id: number): Promise<FreshResponse> => {
    const [detail, summary, settings] = await Promise.all([
      getMilestoneDetail(database.db, id),
      getRevenueSummary(database.db),
      readSettings(app),
    ]);
    if (!detail) return notFound('Milestone not found');
    const png = await renderOgImage({
      siteName: settings.siteName,
      milestone: detail.milestone,
      // The total as the owner shows it everywhere (docs/decisions/083-privacy-per-figure.md).
      total: shownAmount(summary.totalRevenue, effectivePrivacy(settings.privacy).total),
    });
    return { status: 200, contentType: 'image/png', body: png };
  };

  /**
   * An experiment's picture: the experiment, its figures as the owner's privacy shows them (the same
   * as its page's) and the owner's site name (docs/decisions/081-experiment-state.md).
   */
  const produceExperiment = async (slug: string): Promise<FreshResponse> => {
    const [experiment, figures, settings] = await Promise.all([
      getExperimentBySlug(database.db, slug),
      figuresOf(app, slug),
      readSettings(app),
    ]);
    if (!experiment || !figures) return notFound('Experiment not found');
    const png = await renderExperimentOgImage({ siteName: settings.siteName, experiment, figures });
    return { status: 200, contentType: 'image/png', body: png };
  };

  const send = (request: FastifyRequest, reply: FastifyReply, response: CachedResponse) => {
    if (response.status !== 200)
      return reply
        .headers({ ...IMAGE_HEADERS, 'cache-control': 'no-store' })
        .status(response.status)
        .type(response.contentType)
        .send(response.body);
    return sendCached(request, reply, response, { ...IMAGE_HEADERS, 'cache-control': 'public, max-age=300' });
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
    return send(request, reply, response);
  });

  /** A newsletter issue's picture: its subject and day; a private or unknown one is a 404 (decision 095). */
  const produceIssue = async (slug: string): Promise<FreshResponse> => {
    const [issue, settings] = await Promise.all([archiveIssueBySlug(database.db, slug), readSettings(app)]);
    if (!issue) return notFound('Issue not found');
    const png = await renderIssueOgImage({
      siteName: settings.siteName,
      subject: issue.subject,
      sentAt: issue.sentAt,
    });
    return { status: 200, contentType: 'image/png', body: png };
  };

  app.get('/newsletter/:slug/og.png', CACHED_ROUTE, async (request, reply) => {
    const parsed = archiveSlugInput.safeParse(request.params);
    if (!parsed.success) return reply.status(400).send(validationErrorBody(parsed.error));
    const { slug } = parsed.data;
    const response = await publicCache.get(archiveImagePath(slug), () => produceIssue(slug), [
      'newsletter',
      'settings',
    ]);
    return send(request, reply, response);
  });

  app.get('/lab/:slug/og.png', CACHED_ROUTE, async (request, reply) => {
    const parsed = experimentSlugInput.safeParse(request.params);
    if (!parsed.success) return reply.status(400).send(validationErrorBody(parsed.error));
    const { slug } = parsed.data;
    // The picture shows the experiment, its money (revenue and costs) and the owner's name and privacy.
    const response = await publicCache.get(experimentImagePath(slug), () => produceExperiment(slug), [
      'experiments',
      'revenues',
      'settings',
    ]);
    return send(request, reply, response);
  });
}
