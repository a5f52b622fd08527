/**
 * The widgets other sites paste (docs/decisions/092-embeds-and-shields.md): two iframe pages and a
 * shields.io endpoint, served by the API and offered as snippets by the admin's Embed section.
 */
import { REVENUE_SERIES_RANGES } from './revenue-series';

export const EMBED_PROGRESS_PATH = '/embed/progress';
export const EMBED_CHART_PATH = '/embed/chart';
export const EMBED_THEMES = ['light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];
/** The chart's periods are the landing chart's ranges. */
export const EMBED_PERIODS = REVENUE_SERIES_RANGES;
export type EmbedPeriod = (typeof EMBED_PERIODS)[number];

/** Each widget's iframe size in CSS pixels: the page fits it at any width down to 280. */
export const EMBED_SIZES = {
  progress: { width: 320, height: 120 },
  chart: { width: 480, height: 260 },
} as const;

/** `GET /api/public/shields/{figure}.json`, shields.io's endpoint-badge schema. */
export const SHIELDS_FIGURES = ['total', 'progress', 'mrr'] as const;
export type ShieldsFigure = (typeof SHIELDS_FIGURES)[number];
export const shieldsPath = (figure: ShieldsFigure) => `/api/public/shields/${figure}.json`;
/** shields.io's own service that draws a badge from an endpoint's JSON. */
export const SHIELDS_ENDPOINT_BADGE = 'https://img.shields.io/endpoint';

/** The Mastodon share page: the reader names their instance, the server sends them to its share form. */
export const MASTODON_SHARE_PATH = '/share/mastodon';
export const SHARE_TEXT_MAX = 500;

/**
 * A Mastodon instance as a reader types it ("mastodon.social", "https://mastodon.social/",
 * "@me@mastodon.social"), reduced to its host name; `null` unless it is a public DNS name (no IP
 * address, no port, no single-label host), so the redirect can only go to `https://<host>/share`.
 */
export function mastodonHost(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^https:\/\//u, '')
    .replace(/\/+$/u, '')
    .replace(/^@?[^@/]+@/u, '');
  const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
  const valid = new RegExp(`^(?:${label}\\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$`, 'u');
  return host.length <= 253 && valid.test(host) ? host : null;
}

/** Plain share URLs, no third-party script or image (docs/decisions/092-embeds-and-shields.md). */
export function shareLinks(pageUrl: string, text: string) {
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return {
    x: `https://x.com/intent/post?${query({ text, url: pageUrl })}`,
    bluesky: `https://bsky.app/intent/compose?${query({ text: `${text} ${pageUrl}` })}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?${query({ url: pageUrl })}`,
    mastodon: `${MASTODON_SHARE_PATH}?${query({ text, url: pageUrl })}`,
  };
}
