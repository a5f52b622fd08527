/** docs/decisions/081-experiment-state.md: an experiment's address is `/lab/{slug}`. */
export const EXPERIMENT_SLUG_MAX = 60;
/** Lowercase ASCII words joined by single hyphens: the shape the database's check also holds. */
export const EXPERIMENT_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const EXPERIMENT_SLUG_MESSAGE =
  'Slug must be lowercase letters and digits in words joined by single hyphens, like my-experiment.';

/** The slug a new experiment gets from its title: "Café Bots!" → "cafe-bots" (then -2, -3… on a clash). */
export function experimentSlugFrom(title: string): string {
  const slug = title
    // Accented letters keep their base letter rather than becoming a gap.
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, EXPERIMENT_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'experiment';
}

export function isExperimentSlug(value: string): boolean {
  return value.length <= EXPERIMENT_SLUG_MAX && EXPERIMENT_SLUG_PATTERN.test(value);
}

/** An experiment's page. */
export function experimentPath(experiment: { slug: string }): string {
  return `/lab/${experiment.slug}`;
}

/** An experiment's preview image (Open Graph and Twitter cards), 1200x630 PNG. */
export function experimentImagePath(slug: string): string {
  return `/lab/${slug}/og.png`;
}
