import { z } from 'zod';
import { ARCHIVE_SLUG_MAX, ARCHIVE_SLUG_PATTERN, RESERVED_ARCHIVE_SLUGS } from './newsletter-archive-values';
import { isoTimestamp } from './output-fields';

/** One issue in the archive's list (docs/decisions/095-newsletter-archive.md). */
export const archiveIssueSummarySchema = z.object({
  slug: z.string(),
  subject: z.string(),
  sentAt: isoTimestamp,
});
export type ArchiveIssueSummary = z.infer<typeof archiveIssueSummarySchema>;

/** One issue's page: its text as the sanitized HTML the site renders every Markdown with. */
export const archiveIssueSchema = archiveIssueSummarySchema.extend({ html: z.string() });
export type ArchiveIssue = z.infer<typeof archiveIssueSchema>;

/** The address of one issue; a malformed one names none. */
export const archiveSlugInput = z.object({
  slug: z
    .string({ error: 'Slug is required.' })
    .max(ARCHIVE_SLUG_MAX, `Slug must be at most ${ARCHIVE_SLUG_MAX} characters.`)
    .regex(
      ARCHIVE_SLUG_PATTERN,
      'Slug must be lowercase letters and digits in words joined by single hyphens.',
    )
    .refine((slug) => !RESERVED_ARCHIVE_SLUGS.includes(slug), 'This is not an issue of the newsletter.'),
});

/** The owner keeps a sent broadcast out of the archive, or puts it back. */
export const broadcastVisibilityInput = z.object(
  {
    id: z.coerce.number({ error: 'Invalid id.' }).int('Invalid id.').positive('Invalid id.'),
    private: z.boolean({ error: 'Private must be true or false.' }),
  },
  { error: 'Expected a JSON object.' },
);
