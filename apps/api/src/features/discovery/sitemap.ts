import { escapeMarkup, experimentPath, LEGAL_PAGES, milestonePath } from '@journey/contracts';
import { element, XML_DECLARATION } from './xml';

/**
 * The sitemap (sitemaps.org 0.9): the landing page, every milestone page, every experiment's page
 * (undated: an experiment has no date of its last change) and the legal pages.
 */
export function sitemapXml(
  origin: string,
  milestones: { id: number; title: string; date: string }[],
  experiments: { slug: string }[],
): string {
  const urls = [
    `<url>${element('loc', `${origin}/`)}</url>`,
    ...milestones.map(
      (milestone) =>
        `<url>${element('loc', origin + milestonePath(milestone))}${element('lastmod', milestone.date.slice(0, 10))}</url>`,
    ),
    ...experiments.map((experiment) => `<url>${element('loc', origin + experimentPath(experiment))}</url>`),
    ...LEGAL_PAGES.map((page) => `<url>${element('loc', origin + page.path)}</url>`),
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
