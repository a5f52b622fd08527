import {
  ARCHIVE_PATHS,
  archiveFeedTitleOf,
  escapeMarkup,
  FEED_PATHS,
  feedTitleOf,
} from '@journey/contracts/constants';
import type { SiteInfo } from './site-context';

export const SITE_DESCRIPTION =
  "One solo founder's public journey to $1,000,000,000 of revenue built with AI: a live revenue tracker, the milestones, the experiments and the story, shared as it happens.";

/** What a page with its own content says about itself in <head> (a milestone page, for one). */
export interface PageMeta {
  /** The document title. */
  title: string;
  /** The title of the sharing cards, when it differs from the document's. */
  socialTitle?: string;
  description: string;
  type: 'website' | 'article';
  image: { url: string; alt: string };
}

/** The document title of the not-found page, whatever the address. */
export const notFoundTitle = (site: SiteInfo) => `Page not found · ${site.siteName}`;

/**
 * <head> tags of a server-rendered page: title, description, canonical, feeds, Open Graph and Twitter
 * card. A page with its own content passes `meta`; the others get the site's description and card.
 */
export function headTags(page: {
  pathname: string;
  origin: string;
  site: SiteInfo;
  title: string;
  indexable: boolean;
  meta?: PageMeta | null | undefined;
}): string {
  const { meta } = page;
  const title = escapeMarkup(meta?.title ?? page.title);
  const socialTitle = meta?.socialTitle ? escapeMarkup(meta.socialTitle) : title;
  const description = escapeMarkup(meta?.description ?? SITE_DESCRIPTION);
  const url = escapeMarkup(`${page.origin}${page.pathname}`);
  const image = escapeMarkup(meta?.image.url ?? `${page.origin}/og-image.jpg`);
  const imageAlt = escapeMarkup(meta?.image.alt ?? 'Progress toward one billion dollars of revenue');
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    page.indexable ? `<link rel="canonical" href="${url}" />` : '<meta name="robots" content="noindex" />',
    ...feedLinks(page.origin, page.site),
    `<meta property="og:type" content="${meta?.type ?? 'website'}" />`,
    `<meta property="og:site_name" content="${escapeMarkup(page.site.siteName)}" />`,
    `<meta property="og:title" content="${socialTitle}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${imageAlt}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${socialTitle}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    `<meta name="twitter:image:alt" content="${imageAlt}" />`,
  ].join('\n    ');
}

/** Feed readers and browsers find the milestone feeds and the newsletter archive's from any page. */
function feedLinks(origin: string, site: Pick<SiteInfo, 'siteName'>): string[] {
  const title = escapeMarkup(feedTitleOf(site.siteName));
  const newsletter = escapeMarkup(archiveFeedTitleOf(site.siteName));
  return [
    `<link rel="alternate" type="application/rss+xml" title="${title}" href="${escapeMarkup(origin + FEED_PATHS.rss)}" />`,
    `<link rel="alternate" type="application/atom+xml" title="${title}" href="${escapeMarkup(origin + FEED_PATHS.atom)}" />`,
    `<link rel="alternate" type="application/rss+xml" title="${newsletter}" href="${escapeMarkup(origin + ARCHIVE_PATHS.feed)}" />`,
  ];
}
