import { z } from 'zod';
import { broadcastSchema } from './newsletter';

/**
 * The monthly digest (docs/decisions/097-automatic-mail.md): drafted at the start of each month when
 * the owner has it on, sent only when the owner approves (the ordinary send of its broadcast).
 */
export const digestSettingInput = z.object(
  { enabled: z.boolean({ error: 'Enabled must be true or false.' }) },
  { error: 'Expected a JSON object.' },
);
export type DigestSettingInput = z.input<typeof digestSettingInput>;

/** `YYYY-MM`. */
const digestMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

export const newsletterDigestSchema = z.object({
  enabled: z.boolean(),
  /** The newest digest still a draft, waiting for the owner's approval; null when none waits. */
  pending: broadcastSchema.nullable(),
  /** The month `pending` covers, `YYYY-MM`; null with it. */
  pendingMonth: digestMonth.nullable(),
});
export type NewsletterDigest = z.infer<typeof newsletterDigestSchema>;

/** The answer to "draft last month's digest now": the digest, and whether it was drafted just now. */
export const digestDraftSchema = z.object({
  broadcast: broadcastSchema,
  month: digestMonth,
  created: z.boolean(),
});
export type DigestDraft = z.infer<typeof digestDraftSchema>;

/** "2026-10" → "October 2026". */
export function digestMonthLabel(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, monthNumber - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
