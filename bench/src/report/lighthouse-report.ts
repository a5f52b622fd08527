import type { Figure } from '../lighthouse/figures';
import { table } from './markdown';
import { renderTargets } from './targets';

export function renderLighthouseSection(options: {
  date: string;
  context: string[];
  url: string;
  figures: Figure[];
  reports: string[];
}): string {
  return [
    `## ${options.date} · \`pnpm bench:lighthouse\``,
    [
      ...options.context,
      `- Page: \`${options.url}\` (landing page, production build, PGlite with a few revenue entries and milestones)`,
      '- Lighthouse default config (mobile), Chromium headless; medians of each figure over the runs',
      `- Reports of the median run (by performance score): ${options.reports.map((file) => `\`${file}\``).join(', ')}`,
    ].join('\n'),
    table(
      ['figure', 'median', 'runs', 'target', 'met'],
      options.figures.map((figure) => [
        figure.name,
        figure.format(figure.median),
        figure.values.map(figure.format).join(', '),
        figure.target,
        figure.met ? '✓' : '✗',
      ]),
    ),
    renderTargets(
      options.figures.flatMap(({ name, median, issueTarget }) =>
        issueTarget ? [{ figure: `${name} (median)`, target: issueTarget, measured: median }] : [],
      ),
    ),
  ].join('\n\n');
}
