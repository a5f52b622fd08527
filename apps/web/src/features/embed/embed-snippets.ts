import {
  BADGE_PATH,
  BADGE_SIZES,
  badgeAlt,
  type BadgeStyle,
  type BadgeTheme,
  EMBED_CHART_PATH,
  EMBED_PROGRESS_PATH,
  EMBED_SIZES,
  type EmbedPeriod,
  type EmbedTheme,
  escapeMarkup,
  SHIELDS_ENDPOINT_BADGE,
  type ShieldsFigure,
  shieldsPath,
} from '@journey/contracts/constants';

export interface BadgeChoice {
  theme: BadgeTheme;
  style: BadgeStyle;
}

export interface EmbedSnippets {
  /** The badge's absolute URL, as the snippets name it. */
  imageUrl: string;
  /** The site's home page, where the badge links. */
  siteUrl: string;
  alt: string;
  width: number;
  height: number;
  html: string;
  markdown: string;
}

/** Backslash-escapes what would end or nest a Markdown link text. */
const escapeMarkdownText = (text: string) => text.replace(/[\\[\]]/g, (character) => `\\${character}`);

/** The copy-ready HTML and Markdown that embed the progress badge, linking back to the site. */
export function embedSnippets(origin: string, productName: string, choice: BadgeChoice): EmbedSnippets {
  // Only the origin of `origin` is kept, and the path and query are fixed: the URLs hold no space or
  // parenthesis, which would end a Markdown link destination early.
  const siteUrl = new URL('/', origin).href;
  const image = new URL(BADGE_PATH, origin);
  image.searchParams.set('theme', choice.theme);
  image.searchParams.set('style', choice.style);
  const imageUrl = image.href;
  const alt = badgeAlt(productName);
  const { width, height } = BADGE_SIZES[choice.style];
  const html =
    `<a href="${escapeMarkup(siteUrl)}"><img src="${escapeMarkup(imageUrl)}" ` +
    `alt="${escapeMarkup(alt)}" width="${width}" height="${height}"></a>`;
  const markdown = `[![${escapeMarkdownText(alt)}](${imageUrl})](${siteUrl})`;
  return { imageUrl, siteUrl, alt, width, height, html, markdown };
}

export type Widget = 'progress' | 'chart';

export interface WidgetChoice {
  widget: Widget;
  theme: EmbedTheme;
  /** The chart's period; the progress widget has none. */
  period: EmbedPeriod;
}

/** The iframe snippet of a widget (docs/decisions/092-embeds-and-shields.md), at its stated size. */
export function widgetSnippet(origin: string, productName: string, choice: WidgetChoice) {
  const url = new URL(choice.widget === 'chart' ? EMBED_CHART_PATH : EMBED_PROGRESS_PATH, origin);
  if (choice.widget === 'chart') url.searchParams.set('period', choice.period);
  url.searchParams.set('theme', choice.theme);
  const { width, height } = EMBED_SIZES[choice.widget];
  const title =
    choice.widget === 'chart' ? `${productName} revenue over time` : `${productName} revenue toward $1B`;
  const html =
    `<iframe src="${escapeMarkup(url.href)}" title="${escapeMarkup(title)}" width="${width}" ` +
    `height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
  return { url: url.href, title, width, height, html };
}

/** A shields.io badge drawn from this site's endpoint: the JSON's URL, the image's and its Markdown. */
export function shieldsSnippet(origin: string, figure: ShieldsFigure) {
  const endpoint = new URL(shieldsPath(figure), origin).href;
  const image = `${SHIELDS_ENDPOINT_BADGE}?url=${encodeURIComponent(endpoint)}`;
  const siteUrl = new URL('/', origin).href;
  const markdown = `[![${figure === 'mrr' ? 'MRR' : `Revenue ${figure}`}](${image})](${siteUrl})`;
  return { endpoint, image, markdown };
}
