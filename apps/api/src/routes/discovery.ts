import { ARCHIVE_PATHS, FEED_PATHS } from '@journey/contracts';
import {
  ledgerHead,
  listArchive,
  listArchiveWithBodies,
  listExperimentLinks,
  listLatestMilestones,
  listMilestoneLinks,
} from '@journey/db';
import type { FastifyInstance } from 'fastify';
import { atomFeed, FEED_ITEM_LIMIT, rssFeed } from '../features/discovery/feeds';
import { robotsTxt, sitemapXml } from '../features/discovery/sitemap';
import { publicOrigin } from '../http/origin';
import { sendPublicFile } from '../http/public-file';
import { CACHED_ROUTE } from '../http/send-cached';
import { ARCHIVE_FEED_LIMIT, archiveRssFeed } from '../features/newsletter-archive/feed';
import { markdownHtml, readSettings } from '../features/settings/read';

/**
 * The feeds of the milestones and of the newsletter archive, the sitemap (milestones, experiments and
 * archive issues) and robots.txt; each names absolute URLs, so each origin has its copy.
 */
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

  // The newsletter archive's feed: its issues, each with its whole text (docs/decisions/095-newsletter-archive.md).
  app.get(ARCHIVE_PATHS.feed, CACHED_ROUTE, async (request, reply) => {
    const origin = publicOrigin(config, request);
    return sendPublicFile(request, reply, publicCache, {
      key: `${ARCHIVE_PATHS.feed} ${origin}`,
      contentType: 'application/rss+xml; charset=utf-8',
      tables: ['newsletter', 'settings'],
      produce: async () => {
        const [settings, issues] = await Promise.all([
          readSettings(app),
          listArchiveWithBodies(database.db, ARCHIVE_FEED_LIMIT),
        ]);
        // One after another: the render pool has one thread, and a queue of twenty gains nothing.
        const rendered = [];
        for (const { body, ...issue } of issues) rendered.push({ ...issue, html: await markdownHtml(body) });
        return archiveRssFeed({ origin, siteName: settings.siteName }, rendered);
      },
    });
  });

  app.get('/sitemap.xml', CACHED_ROUTE, async (request, reply) => {
    const origin = publicOrigin(config, request);
    return sendPublicFile(request, reply, publicCache, {
      key: `/sitemap.xml ${origin}`,
      contentType: 'application/xml; charset=utf-8',
      tables: ['milestones', 'experiments', 'newsletter'],
      produce: async () => {
        const [milestones, experiments, issues] = await Promise.all([
          listMilestoneLinks(database.db),
          listExperimentLinks(database.db),
          listArchive(database.db),
        ]);
        return sitemapXml(origin, milestones, experiments, issues);
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
