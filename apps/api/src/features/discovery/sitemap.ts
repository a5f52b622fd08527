import {
  ARCHIVE_PATHS,
  archiveIssuePath,
  escapeMarkup,
  experimentPath,
  LEGAL_PAGES,
  milestonePath,
} from '@journey/contracts';
import { element, XML_DECLARATION } from './xml';

/**
 * The sitemap (sitemaps.org 0.9): the landing page, every milestone page, every experiment's page
 * (undated: an experiment has no date of its last change), the legal pages and the newsletter archive.
 */
export function sitemapXml(
  origin: string,
  milestones: { id: number; title: string; date: string }[],
  experiments: { slug: string }[],
  issues: { slug: string; sentAt: string }[] = [],
): string {
  const urls = [
    `<url>${element('loc', `${origin}/`)}</url>`,
    ...milestones.map(
      (milestone) =>
        `<url>${element('loc', origin + milestonePath(milestone))}${element('lastmod', milestone.date.slice(0, 10))}</url>`,
    ),
    ...experiments.map((experiment) => `<url>${element('loc', origin + experimentPath(experiment))}</url>`),
    ...LEGAL_PAGES.map((page) => `<url>${element('loc', origin + page.path)}</url>`),
    // The newsletter archive: its list and every issue not private (docs/decisions/095-newsletter-archive.md).
    ...(issues.length === 0 ? [] : [`<url>${element('loc', origin + ARCHIVE_PATHS.list)}</url>`]),
    ...issues.map(
      (issue) =>
        `<url>${element('loc', origin + archiveIssuePath(issue.slug))}${element('lastmod', issue.sentAt.slice(0, 10))}</url>`,
    ),
  ];
  return [
    XML_DECLARATION,
    `<urlset xmlns="${escapeMarkup('http://www.sitemaps.org/schemas/sitemap/0.9')}">`,
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Crawlers may read the public pages and open data, not the admin screens or the private API. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /api/public/',
    'Disallow: /admin',
    'Disallow: /auth',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
