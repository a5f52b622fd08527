import { z } from 'zod';
import { isoTimestamp } from './output-fields';
import { hasNoNul } from './text-fields';
import {
  BROADCAST_LIMITS,
  BROADCAST_ORIGINS,
  BROADCAST_STATUSES,
  MAIL_DELIVERIES,
} from './newsletter-values';

function boundedText(label: string, limits: { min: number; max: number }) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(limits.min, `${label} is required.`)
    .max(limits.max, `${label} must be at most ${limits.max.toLocaleString('en-US')} characters.`)
    .refine(hasNoNul, `${label} must not contain NUL characters.`);
}

/** A draft: its subject, a single line, and its Markdown body. */
export const broadcastInput = z.object(
  {
    subject: boundedText('Subject', BROADCAST_LIMITS.subject).refine(
      (value) => !/[\r\n]/.test(value),
      'Subject must be a single line.',
    ),
    body: boundedText('Body', BROADCAST_LIMITS.body),
  },
  { error: 'Expected a JSON object.' },
);
export type BroadcastInput = z.input<typeof broadcastInput>;

export const broadcastIdInput = z.object({
  id: z.coerce.number({ error: 'Invalid id.' }).int('Invalid id.').positive('Invalid id.'),
});

export const broadcastCountsSchema = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type BroadcastCounts = z.infer<typeof broadcastCountsSchema>;

export const broadcastSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  /** `sending` while any of its mail is queued; `sent` once none is. */
  status: z.enum(BROADCAST_STATUSES),
  counts: broadcastCountsSchema,
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  sentAt: isoTimestamp.nullable(),
  /** Its archive page's slug, given when sent; null for a draft (docs/decisions/095-newsletter-archive.md). */
  slug: z.string().nullable(),
  /** Kept out of the public archive by the owner. */
  private: z.boolean(),
  /** Who wrote it: the owner, a milestone mailed when published, or the monthly digest (decision 097). */
  origin: z.enum(BROADCAST_ORIGINS),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

/** Why a broadcast's mail failed, one line per reason, for the admin. */
export const broadcastFailureSchema = z.object({ recipient: z.string(), reason: z.string() });

export const newsletterStatusSchema = z.object({
  delivery: z.enum(MAIL_DELIVERIES),
  confirmedSubscribers: z.number().int(),
  /** Where 'Send test to me' goes: the signed-in admin's address. */
  testRecipient: z.string(),
});
export type NewsletterStatus = z.infer<typeof newsletterStatusSchema>;

/** A message as the outbox keeps it: what would have been sent, had SMTP been set up. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
  createdAt: isoTimestamp,
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
