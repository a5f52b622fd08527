/**
 * The newsletter archive's addresses (docs/decisions/095-newsletter-archive.md): every sent broadcast
 * the owner has not made private is a page at `/newsletter/{slug}`, listed at `/newsletter/archive`
 * and in the feed at `/newsletter/feed.xml`.
 */
export const ARCHIVE_PATHS = {
  list: '/newsletter/archive',
  feed: '/newsletter/feed.xml',
} as const;

/** The archive feed's title, which the page head's `<link rel="alternate">` repeats. */
export function archiveFeedTitleOf(siteName: string): string {
  return `${siteName} · Newsletter`;
}

/** A slug is made of at most this many characters of the subject, then `-2`, `-3`… on a clash. */
export const ARCHIVE_SLUG_BASE_MAX = 60;
/** The longest slug: the base and a suffix, or the `-{id}` of one sent before the archive existed. */
export const ARCHIVE_SLUG_MAX = 72;
/** Lowercase ASCII words joined by single hyphens. */
export const ARCHIVE_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Pages under `/newsletter/` that are not an issue: a subject spelling one gets a suffix. */
export const RESERVED_ARCHIVE_SLUGS: readonly string[] = ['archive', 'confirm', 'unsubscribe'];

/** The slug a broadcast gets from its subject when sent: "Café news #3!" → "cafe-news-3". */
export function archiveSlugFrom(subject: string): string {
  const slug = subject
    // Accented letters keep their base letter rather than becoming a gap.
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, ARCHIVE_SLUG_BASE_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'issue';
}

export function isArchiveSlug(value: string): boolean {
  return (
    value.length <= ARCHIVE_SLUG_MAX &&
    ARCHIVE_SLUG_PATTERN.test(value) &&
    !RESERVED_ARCHIVE_SLUGS.includes(value)
  );
}

/** One issue's page. */
export function archiveIssuePath(slug: string): string {
  return `/newsletter/${slug}`;
}

/** One issue's preview image (Open Graph and Twitter cards), 1200x630 PNG. */
export function archiveImagePath(slug: string): string {
  return `/newsletter/${slug}/og.png`;
}
