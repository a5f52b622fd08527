import type { ArchiveIssue } from '@journey/contracts';
import { archiveImagePath, formatDate } from '@journey/contracts/constants';
import type { PageMeta } from '../../lib/head';
import type { SiteInfo } from '../../lib/site-context';

export const issueDocumentTitle = (subject: string, site: SiteInfo) =>
  `${subject} · Newsletter · ${site.siteName}`;

export const archiveDocumentTitle = (site: SiteInfo) => `Newsletter archive · ${site.siteName}`;

/** An issue's <head>: an article with its subject and its preview image (docs/decisions/095-newsletter-archive.md). */
export function issueMeta(issue: ArchiveIssue, site: SiteInfo, origin: string): PageMeta {
  return {
    title: issueDocumentTitle(issue.subject, site),
    socialTitle: issue.subject,
    description: `${issue.subject}: the ${site.siteName} newsletter of ${formatDate(issue.sentAt)}.`,
    type: 'article',
    image: {
      url: origin + archiveImagePath(issue.slug),
      alt: `${issue.subject}: the newsletter of ${formatDate(issue.sentAt)}`,
    },
  };
}
