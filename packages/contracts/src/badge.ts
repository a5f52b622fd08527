/** The embeddable progress badge: served by the API, previewed and offered as snippets by the admin's Embed section. */
export const BADGE_PATH = '/badge.svg';

export const BADGE_THEMES = ['light', 'dark'] as const;
export const BADGE_STYLES = ['flat', 'card'] as const;
export type BadgeTheme = (typeof BADGE_THEMES)[number];
export type BadgeStyle = (typeof BADGE_STYLES)[number];

/**
 * Each style's size in CSS pixels, whatever the total: a copied snippet states it in `width` and
 * `height`, and it must stay true as the total grows (a wider figure is squeezed to fit instead).
 */
export const BADGE_SIZES: Record<BadgeStyle, { width: number; height: number }> = {
  flat: { width: 236, height: 20 },
  card: { width: 280, height: 96 },
};

/** The image's text alternative in a snippet: copied once, so it names no figure that would go stale. */
export function badgeAlt(productName: string): string {
  return `Solo ${productName} revenue toward $1B`;
}
