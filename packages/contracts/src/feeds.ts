/** Where the milestone feeds live; the page head links them, the server serves them. */
export const FEED_PATHS = { rss: '/feed.xml', atom: '/atom.xml' } as const;

/** The feeds' title, which the page head's `<link rel="alternate">` repeats. */
export function feedTitleOf(siteName: string): string {
  return `${siteName} · Milestones`;
}
