const SLUG_MAX = 60;

/** The readable part of a milestone's address: lowercase ASCII words joined by '-', at most 60 characters. */
export function milestoneSlug(title: string): string {
  const slug = title
    // Accented letters keep their base letter ("Café" → "cafe") rather than becoming a gap.
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'milestone';
}

/** A milestone's permalink, `/milestones/:id-:slug`: the id finds it, the slug only reads well. */
export function milestonePath(milestone: { id: number; title: string }): string {
  return `/milestones/${milestone.id}-${milestoneSlug(milestone.title)}`;
}
