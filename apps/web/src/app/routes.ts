import {
  ARCHIVE_PATHS,
  DEFAULT_REVENUE_SERIES_RANGE,
  isArchiveSlug,
  isExperimentSlug,
  LEGAL_PAGES,
  milestoneIdOf,
  milestonePath,
} from '@journey/contracts/constants';
import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { experimentMeta } from '../features/lab/experiment-head';
import { experimentPageQuery } from '../features/lab/experiment-page-query';
import { LandingPage } from '../features/landing/landing-page';
import { milestoneMeta } from '../features/milestone-pages/milestone-head';
import { milestonePageQuery } from '../features/milestone-pages/milestone-page-query';
import { archiveDocumentTitle, issueMeta } from '../features/newsletter-archive/issue-head';
import { issuePageQuery } from '../features/newsletter-archive/issue-page-query';
import { NotFoundPage } from '../features/site/not-found-page';
import { notFoundTitle } from '../lib/head';
import type { PageTrpc } from '../lib/page-trpc';
import { paths } from '../lib/paths';
import { definePage, type CodeSplitPage, type PageRoute } from './page-route';

/**
 * A page fetched when first visited. When the server renders it, it links the page's CSS and scripts
 * (entry-server.tsx) and the browser loads it before hydrating (entry-client.tsx): the HTML is styled
 * from the first paint and hydrates in one pass.
 */
function codeSplit(source: string, load: () => Promise<{ default: ComponentType }>) {
  return { component: lazy(load), codeSplit: { source, load } satisfies CodeSplitPage };
}

/** What every page shows or decides by: who is signed in, and the owner's settings. */
export const everyPageQueries = (trpc: PageTrpc) => ({
  me: trpc.auth.me.queryOptions(),
  site: trpc.settings.site.queryOptions(),
});

/**
 * Every page of the site, in one table: the server registers, guards, prefetches and caches pages
 * from it, and the browser routes by it. Adding a page, or a query to a page, is one entry here.
 */
export const pageRoutes: readonly PageRoute[] = [
  definePage({
    path: paths.home,
    // Part of the entry chunk: the page most visitors open first.
    component: LandingPage,
    head: { title: (site) => `${site.productName} Build Tracker · ${site.siteName}`, indexable: true },
    queries: (trpc) => ({
      revenueSummary: trpc.revenue.summary.queryOptions(),
      // The forecast line and the computed stat cards are in the first HTML.
      revenueMetrics: trpc.revenue.metrics.queryOptions(),
      revenueCorrections: trpc.revenue.corrections.queryOptions(),
      verification: trpc.connections.verification.queryOptions(),
      // The chart's default range, so the first HTML holds its figures.
      revenueSeries: trpc.revenue.series.queryOptions({ range: DEFAULT_REVENUE_SERIES_RANGE }),
      milestones: trpc.milestones.list.queryOptions(),
      experiments: trpc.experiments.list.queryOptions(),
      // Each arena card's money, as the owner shows it.
      arenaFigures: trpc.experiments.arenaFigures.queryOptions(),
      story: trpc.settings.story.queryOptions(),
    }),
  }),
  definePage({
    path: paths.auth,
    ...codeSplit('src/features/auth/auth-page.tsx', () => import('../features/auth/auth-page')),
    guard: { visitors: 'signed-out', redirect: paths.admin },
    head: { title: (site) => `Admin Access · ${site.siteName}` },
    queries: (trpc) => ({ registrationStatus: trpc.auth.registrationStatus.queryOptions() }),
  }),
  definePage({
    path: paths.admin,
    ...codeSplit('src/features/admin/admin-page.tsx', () => import('../features/admin/admin-page')),
    guard: { visitors: 'signed-in', redirect: paths.auth },
    head: { title: (site) => `Admin Panel · ${site.siteName}` },
  }),
  definePage({
    path: paths.milestone,
    ...codeSplit(
      'src/features/milestone-pages/milestone-page.tsx',
      () => import('../features/milestone-pages/milestone-page'),
    ),
    params: ({ ref }) => {
      const id = milestoneIdOf(ref ?? '');
      return id === null ? null : { id };
    },
    queries: (trpc, { id }) => ({ detail: milestonePageQuery(trpc.milestones.byId, id) }),
    canonicalPath: ({ detail }) => (detail ? milestonePath(detail.milestone) : null),
    head: { meta: ({ detail }, site, origin) => (detail ? milestoneMeta(detail, site, origin) : null) },
  }),
  definePage({
    path: paths.lab,
    ...codeSplit('src/features/lab/experiment-page.tsx', () => import('../features/lab/experiment-page')),
    params: ({ slug }) => (slug !== undefined && isExperimentSlug(slug) ? { slug } : null),
    queries: (trpc, { slug }) => ({ detail: experimentPageQuery(trpc.experiments.bySlug, slug) }),
    head: { meta: ({ detail }, site, origin) => (detail ? experimentMeta(detail, site, origin) : null) },
  }),
  ...LEGAL_PAGES.map((page) =>
    definePage({
      path: page.path,
      ...codeSplit('src/features/legal/legal-page.tsx', () => import('../features/legal/legal-page')),
      queries: (trpc) => ({ legal: trpc.settings.legal.queryOptions({ page: page.key }) }),
      head: { title: (site) => `${page.title} · ${site.siteName}`, indexable: true },
    }),
  ),
  definePage({
    path: paths.newsletterConfirm,
    ...codeSplit(
      'src/features/newsletter-pages/confirm-page.tsx',
      () => import('../features/newsletter-pages/confirm-page'),
    ),
    head: { title: (site) => `Confirm your subscription · ${site.siteName}` },
  }),
  definePage({
    path: paths.newsletterUnsubscribe,
    ...codeSplit(
      'src/features/newsletter-pages/unsubscribe-page.tsx',
      () => import('../features/newsletter-pages/unsubscribe-page'),
    ),
    head: { title: (site) => `Unsubscribe · ${site.siteName}` },
  }),
  // The newsletter archive (docs/decisions/095-newsletter-archive.md): after confirm and unsubscribe,
  // whose addresses are no issue's.
  definePage({
    path: ARCHIVE_PATHS.list,
    ...codeSplit(
      'src/features/newsletter-archive/archive-page.tsx',
      () => import('../features/newsletter-archive/archive-page'),
    ),
    queries: (trpc) => ({ issues: trpc.newsletterArchive.list.queryOptions() }),
    head: { title: archiveDocumentTitle, indexable: true },
  }),
  definePage({
    path: '/newsletter/:slug',
    ...codeSplit(
      'src/features/newsletter-archive/issue-page.tsx',
      () => import('../features/newsletter-archive/issue-page'),
    ),
    params: ({ slug }) => (slug !== undefined && isArchiveSlug(slug) ? { slug } : null),
    queries: (trpc, { slug }) => ({ issue: issuePageQuery(trpc.newsletterArchive.bySlug, slug) }),
    head: { meta: ({ issue }, site, origin) => (issue ? issueMeta(issue, site, origin) : null) },
  }),
  definePage({
    path: paths.endSession,
    ...codeSplit('src/features/auth/end-session-page.tsx', () => import('../features/auth/end-session-page')),
    head: { title: (site) => `End a session · ${site.siteName}` },
  }),
  definePage({
    path: paths.ledger,
    ...codeSplit('src/features/ledger/ledger-page.tsx', () => import('../features/ledger/ledger-page')),
    head: { title: (site) => `Public ledger · ${site.siteName}`, indexable: true },
  }),
  definePage({ path: '*', component: NotFoundPage, head: { title: notFoundTitle } }),
];

/** The entry for the page at `pathname` (matched as the router matches), the not-found page if none. */
export function matchPage(pathname: string): { route: PageRoute; params: unknown } {
  for (const route of pageRoutes) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    const params = route.params ? route.params(match.params) : match.params;
    if (params !== null) return { route, params };
  }
  throw new Error('The page table has no catch-all entry');
}
