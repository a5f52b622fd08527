import type { ExperimentDetail } from '@journey/contracts';
import { EXPERIMENT_STATE_LABELS, experimentImagePath, summarize } from '@journey/contracts/constants';
import type { PageMeta } from '../../lib/head';
import type { SiteInfo } from '../../lib/site-context';

export const experimentDocumentTitle = (title: string, site: SiteInfo) =>
  `${title} · AI Arena · ${site.siteName}`;

/** An experiment page's <head>: an article with its own title, text and preview image. */
export function experimentMeta(detail: ExperimentDetail, site: SiteInfo, origin: string): PageMeta {
  const { experiment } = detail;
  const state = EXPERIMENT_STATE_LABELS[experiment.state];
  const description =
    experiment.state === 'running' || !experiment.verdict
      ? experiment.description
      : `${state}: ${experiment.verdict} ${experiment.description}`;
  return {
    title: experimentDocumentTitle(experiment.title, site),
    socialTitle: experiment.title,
    description: summarize(description),
    type: 'article',
    image: {
      url: origin + experimentImagePath(experiment.slug),
      alt: `${experiment.title}: an experiment of the AI Arena, ${state.toLowerCase()}`,
    },
  };
}
