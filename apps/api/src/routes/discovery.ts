import { FEED_PATHS } from '@journey/contracts';
import { ledgerHead, listExperimentLinks, listLatestMilestones, listMilestoneLinks } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import { atomFeed, FEED_ITEM_LIMIT, rssFeed } from '../features/discovery/feeds';
import { robotsTxt, sitemapXml } from '../features/discovery/sitemap';
import { publicOrigin } from '../http/origin';
import { sendPublicFile } from '../http/public-file';
import { CACHED_ROUTE } from '../http/send-cached';
import { readSettings } from '../features/settings/read';

/** The feeds of the milestones, the sitemap (milestones and experiments) and robots.txt; each names absolute URLs, so each origin has its copy. */
export default async function discovery(app: FastifyInstance) {
  const { config, database, publicCache } = app;
  const feeds = [
    { path: FEED_PATHS.rss, contentType: 'application/rss+xml; charset=utf-8', build: rssFeed },
    { path: FEED_PATHS.atom, contentType: 'application/atom+xml; charset=utf-8', build: atomFeed },
  ];
  for (const feed of feeds) {
    app.get(feed.path, CACHED_ROUTE, async (request, reply) => {
      const origin = publicOrigin(config, request);
      return sendPublicFile(request, reply, publicCache, {
        key: `${feed.path} ${origin}`,
        contentType: feed.contentType,
        // The title is the owner's site name; the ledger's head moves with every revenue write.
        tables: ['milestones', 'settings', 'revenues'],
        produce: async () => {
          const [settings, milestones, ledger] = await Promise.all([
            readSettings(app),
            listLatestMilestones(database.db, FEED_ITEM_LIMIT),
            ledgerHead(database.db),
          ]);
          return feed.build({ origin, siteName: settings.siteName, ledger }, milestones);
        },
      });
    });
  }

  app.get('/sitemap.xml', CACHED_ROUTE, async (request, reply) => {
    const origin = publicOrigin(config, request);
    return sendPublicFile(request, reply, publicCache, {
      key: `/sitemap.xml ${origin}`,
      contentType: 'application/xml; charset=utf-8',
      tables: ['milestones', 'experiments'],
      produce: async () => {
        const [milestones, experiments] = await Promise.all([
          listMilestoneLinks(database.db),
          listExperimentLinks(database.db),
        ]);
        return sitemapXml(origin, milestones, experiments);
      },
    });
  });

  app.get('/robots.txt', CACHED_ROUTE, async (request, reply) => {
    const origin = publicOrigin(config, request);
    return sendPublicFile(request, reply, publicCache, {
      key: `/robots.txt ${origin}`,
      contentType: 'text/plain; charset=utf-8',
      tables: [],
      produce: async () => robotsTxt(origin),
    });
  });
}
