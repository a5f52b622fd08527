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

/** Ids are PostgreSQL `serial`s: positive 32-bit integers. */
const MILESTONE_ID_MAX = 2_147_483_647;

/**
 * The milestone id a permalink's last segment (`12-first-customer`, or a bare `12`) names, or null
 * when the segment is no such address. The id is strict, as in the API's paths: no sign, no leading zero.
 */
export function milestoneIdOf(segment: string): number | null {
  const match = /^([1-9]\d{0,9})(?:-|$)/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= MILESTONE_ID_MAX ? id : null;
}

/** A milestone's preview image (Open Graph and Twitter cards), 1200x630 PNG. */
export function milestoneImagePath(id: number): string {
  return `/milestones/${id}/og.png`;
}

/**
 * A milestone told to the subscribers: its title as the subject, its description and a site-relative
 * link to its page as the body (the server makes the link absolute in the mail). The Newsletter tab's
 * "Send as update" prefills a draft with it; a milestone mailed when published is sent as it is
 * (docs/decisions/097-automatic-mail.md).
 */
export function milestoneBroadcast(milestone: { id: number; title: string; description: string }): {
  subject: string;
  body: string;
} {
  return {
    subject: milestone.title.replace(/\s+/g, ' '),
    body: `${milestone.description}\n\n[Read more about this milestone](${milestonePath(milestone)})`,
  };
}
