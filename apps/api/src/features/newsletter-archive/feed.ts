import {
  ARCHIVE_PATHS,
  archiveFeedTitleOf,
  archiveIssuePath,
  DATE_MIN,
  escapeMarkup,
} from '@journey/contracts';
import { plainTextElement } from '../discovery/feeds';
import { element, XML_DECLARATION } from '../discovery/xml';

/** How many issues the feed carries, newest first: readers poll it, so it stays small. */
export const ARCHIVE_FEED_LIMIT = 20;

/** An issue as the feed carries it: its text already rendered to the site's sanitized HTML. */
export interface FeedIssue {
  slug: string;
  subject: string;
  sentAt: string;
  html: string;
}

/**
 * RSS 2.0 of the newsletter archive (docs/decisions/095-newsletter-archive.md), written as the
 * milestones' feed is: the title plain text, the description the issue's whole HTML, escaped for XML.
 */
export function archiveRssFeed(site: { origin: string; siteName: string }, issues: FeedIssue[]): string {
  const items = issues.map((issue) => {
    const link = site.origin + archiveIssuePath(issue.slug);
    return [
      '<item>',
      plainTextElement('title', issue.subject),
      element('link', link),
      `<guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
      element('pubDate', new Date(issue.sentAt).toUTCString()),
      element('description', issue.html),
      '</item>',
    ].join('');
  });
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    plainTextElement('title', archiveFeedTitleOf(site.siteName)),
    element('link', site.origin + ARCHIVE_PATHS.list),
    // HTML, as every description: the site's name escaped once for HTML, then for XML.
    element('description', escapeMarkup(`Every issue of the ${site.siteName} newsletter.`)),
    element('language', 'en'),
    `<atom:link href="${escapeMarkup(site.origin + ARCHIVE_PATHS.feed)}" rel="self" type="application/rss+xml"/>`,
    element('lastBuildDate', new Date(issues[0]?.sentAt ?? DATE_MIN).toUTCString()),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
