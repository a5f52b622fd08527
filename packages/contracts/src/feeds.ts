import { defaultSiteName } from './settings-values';

/** Where the milestone feeds live; the page head links them, the server serves them. */
export const FEED_PATHS = { rss: '/feed.xml', atom: '/atom.xml' } as const;

/** The feeds' title, which the page head's `<link rel="alternate">` repeats. */
export function feedTitleOf(siteName: string): string {
  return `${siteName} · Milestones`;
}

/**
 * The feeds' title under the default site name, for a caller that knows only the product name (the
 * web app's head, until it reads the owner's settings); feedTitleOf with the site name replaces it.
 */
export function feedTitle(productName: string): string {
  return feedTitleOf(defaultSiteName(productName));
}
