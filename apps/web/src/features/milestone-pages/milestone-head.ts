import { milestoneImagePath, summarize } from '@journey/contracts/constants';
import type { MilestoneDetail } from '@journey/contracts';
import type { PageMeta } from '../../lib/head';
import type { SiteInfo } from '../../lib/site-context';

export const milestoneDocumentTitle = (title: string, site: SiteInfo) => `${title} · ${site.siteName}`;

/** A milestone page's <head>: an article with its own title, text and preview image. */
export function milestoneMeta(detail: MilestoneDetail, site: SiteInfo, origin: string): PageMeta {
  const { milestone } = detail;
  return {
    title: milestoneDocumentTitle(milestone.title, site),
    socialTitle: milestone.title,
    description: summarize(milestone.description),
    type: 'article',
    image: {
      url: origin + milestoneImagePath(milestone.id),
      alt: `${milestone.title}: day ${milestone.day} of the journey to $1,000,000,000`,
    },
  };
}
