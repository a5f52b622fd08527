import { OPEN_DATA_PATHS, REVENUE_TARGET } from '@journey/contracts';
import { getRevenueSummary, monthlyRevenueBySource, publicDataFacts, type DatabaseHandle } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import type { PublicCache } from '../../plugins/public-cache';
import { sendPublicFile } from '../../plugins/public-files';
import { csvRow } from '../subscribers/csv';

export const REVENUE_CSV_COLUMNS = ['month', 'ai', 'passive', 'consulting', 'total'] as const;

/** Any site may read the open data from a browser; the headers are set on these paths and nowhere else. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag',
};
const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  // A revalidating fetch sends If-None-Match, which is not on the CORS safe list.
  'access-control-allow-headers': 'If-None-Match',
  'access-control-max-age': '86400',
};
/** Readable from other origins, unlike the rest of the API. */
const OPEN_DATA_HEADERS = { ...CORS_HEADERS, 'cross-origin-resource-policy': 'cross-origin' };

/** `summary.json`: the totals the tracker shows, with the target, as exact decimal strings. */
export async function publicSummary(database: DatabaseHandle) {
  const [summary, facts] = await Promise.all([getRevenueSummary(database.db), publicDataFacts(database.db)]);
  return {
    totalRevenue: summary.totalRevenue,
    bySource: summary.bySource,
    target: REVENUE_TARGET.toFixed(2),
    // Percent of the target (not capped at 100), for charts; the money itself stays exact above.
    percentage: (Number(summary.totalRevenue) / REVENUE_TARGET) * 100,
    milestoneCount: facts.milestoneCount,
    lastUpdated: facts.lastUpdated,
  };
}

async function revenueCsv(database: DatabaseHandle): Promise<string> {
  const months = await monthlyRevenueBySource(database.db);
  return [
    csvRow([...REVENUE_CSV_COLUMNS]),
    ...months.map((row) => csvRow(REVENUE_CSV_COLUMNS.map((column) => row[column]))),
  ].join('');
}

/**
 * Open data for anyone, CORS open for GET: its own plugin, so the CORS headers (set before anything
 * else runs, errors included) reach these two paths and no other.
 */
export async function registerOpenDataRoutes(
  app: FastifyInstance,
  options: { database: DatabaseHandle; publicCache: PublicCache },
) {
  const { database, publicCache } = options;
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      reply.headers(CORS_HEADERS);
    });
    for (const path of Object.values(OPEN_DATA_PATHS)) {
      scope.options(path, { helmet: false }, async (_request, reply) =>
        reply.status(204).headers(PREFLIGHT_HEADERS).send(),
      );
    }
    scope.get(OPEN_DATA_PATHS.summary, { helmet: false }, async (_request, reply) =>
      sendPublicFile(reply, publicCache, {
        key: OPEN_DATA_PATHS.summary,
        contentType: 'application/json; charset=utf-8',
        headers: OPEN_DATA_HEADERS,
        tables: ['revenues', 'milestones'],
        produce: async () => JSON.stringify(await publicSummary(database)),
      }),
    );
    scope.get(OPEN_DATA_PATHS.revenueCsv, { helmet: false }, async (_request, reply) =>
      sendPublicFile(reply, publicCache, {
        key: OPEN_DATA_PATHS.revenueCsv,
        contentType: 'text/csv; charset=utf-8',
        headers: OPEN_DATA_HEADERS,
        tables: ['revenues'],
        produce: () => revenueCsv(database),
      }),
    );
  });
}
