import {
  EMBED_CHART_PATH,
  EMBED_PERIODS,
  EMBED_PROGRESS_PATH,
  EMBED_THEMES,
  SHIELDS_FIGURES,
  validationErrorBody,
} from '@journey/contracts';
import { getRevenueSummary, revenueSeries } from '@journey/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { publicOrigin } from '../../http/origin';
import type { PublicTable } from '../../http/public-cache';
import { API_SECURITY_HEADERS, CACHED_ROUTE, sendCached } from '../../http/send-cached';
import { readPrivacy, shownSeries } from '../privacy/shown-figures';
import { revenueMetrics } from '../revenue/metrics';
import { chartHtml, progressHtml } from './embed-html';
import { SHIELDS_CACHE_SECONDS, shieldsBadge } from './shields';

/**
 * The widgets other sites paste (docs/decisions/092-embeds-and-shields.md). They are registered
 * outside the session scope, so no request here reads or sets a cookie; each is kept in the public
 * cache, which a write to the tables it reads empties, and browsers keep it five minutes.
 */
const TABLES: readonly PublicTable[] = ['revenues', 'settings'];
const CACHE_CONTROL = `public, max-age=${SHIELDS_CACHE_SECONDS}`;

/**
 * Any page may frame the widgets: they show only what the public site shows, run no script and take
 * no input, so there is nothing for a framing page to click-jack. Everything else stays `'none'`.
 */
export const EMBED_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *",
  'cross-origin-resource-policy': 'cross-origin',
  'strict-transport-security': API_SECURITY_HEADERS['strict-transport-security'],
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': CACHE_CONTROL,
} as const;

/** shields.io fetches from its own servers; a browser tool reading it needs CORS. */
const SHIELDS_HEADERS = {
  ...API_SECURITY_HEADERS,
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'cache-control': CACHE_CONTROL,
} as const;

const theme = z.enum(EMBED_THEMES, { error: 'theme must be light or dark' }).default('light');
const progressQuery = z.object({ theme });
const chartQuery = z.object({
  theme,
  period: z.enum(EMBED_PERIODS, { error: 'period must be 30d, 90d, 1y or all' }).default('all'),
});
const shieldsParams = z.object({
  figure: z.enum(SHIELDS_FIGURES, { error: 'figure must be total, progress or mrr' }),
});

async function sendFrom(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { key: string; contentType: string; produce: () => Promise<string>; headers: Record<string, string> },
) {
  const response = await app.publicCache.get(
    file.key,
    async () => ({ status: 200, contentType: file.contentType, body: Buffer.from(await file.produce()) }),
    TABLES,
  );
  return sendCached(request, reply, response, file.headers);
}

export default async function embeds(app: FastifyInstance) {
  const siteUrl = (request: FastifyRequest) => new URL('/', publicOrigin(app.config, request)).href;

  app.get(EMBED_PROGRESS_PATH, CACHED_ROUTE, async (request, reply) => {
    const query = progressQuery.safeParse(request.query ?? {});
    if (!query.success) return reply.status(400).send(validationErrorBody(query.error));
    const site = siteUrl(request);
    return sendFrom(app, request, reply, {
      key: `${EMBED_PROGRESS_PATH} ${query.data.theme} ${site}`,
      contentType: 'text/html; charset=utf-8',
      headers: EMBED_HEADERS,
      produce: async () => {
        const [totals, privacy] = await Promise.all([getRevenueSummary(app.database.db), readPrivacy(app)]);
        return progressHtml(totals.totalRevenue, privacy.total, query.data.theme, site);
      },
    });
  });

  app.get(EMBED_CHART_PATH, CACHED_ROUTE, async (request, reply) => {
    const query = chartQuery.safeParse(request.query ?? {});
    if (!query.success) return reply.status(400).send(validationErrorBody(query.error));
    const { theme: chosen, period } = query.data;
    const site = siteUrl(request);
    return sendFrom(app, request, reply, {
      // The series runs to today: the public cache empties itself when the UTC day changes.
      key: `${EMBED_CHART_PATH} ${chosen} ${period} ${site}`,
      contentType: 'text/html; charset=utf-8',
      headers: EMBED_HEADERS,
      produce: async () => {
        const [series, privacy] = await Promise.all([
          revenueSeries(app.database.db, period, app.now()),
          readPrivacy(app),
        ]);
        return chartHtml(shownSeries(series, privacy), chosen, site);
      },
    });
  });

  app.get('/api/public/shields/:figure.json', CACHED_ROUTE, async (request, reply) => {
    const params = shieldsParams.safeParse(request.params);
    if (!params.success) {
      return reply
        .status(404)
        .headers(API_SECURITY_HEADERS)
        .send({ message: `No such figure: the shields endpoint serves ${SHIELDS_FIGURES.join(', ')}.` });
    }
    const { figure } = params.data;
    return sendFrom(app, request, reply, {
      key: `shields ${figure}`,
      contentType: 'application/json; charset=utf-8',
      headers: SHIELDS_HEADERS,
      produce: async () => {
        const privacy = await readPrivacy(app);
        const [totals, metrics] = await Promise.all([
          getRevenueSummary(app.database.db),
          figure === 'mrr' ? revenueMetrics(app) : null,
        ]);
        return JSON.stringify(
          shieldsBadge(figure, { totalRevenue: totals.totalRevenue, mrr: metrics?.mrr ?? null, privacy }),
        );
      },
    });
  });
}
