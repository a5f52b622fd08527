import {
  BADGE_PATH,
  BADGE_SIZES,
  badgeAlt,
  type BadgeStyle,
  type BadgeTheme,
  escapeMarkup,
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
