import { z } from 'zod';
import { enumField } from './enum-field';
import { isoTimestamp } from './output-fields';
import { emailField } from './text-fields';
import {
  CONSENT_VERSIONS,
  CURRENT_CONSENT_VERSION,
  HONEYPOT_FIELD,
  SUBSCRIBER_STATUSES,
} from './newsletter-values';

const CONSENT_MESSAGE = 'Please agree to receive updates.';

export const subscribeInput = z.object(
  {
    email: emailField(),
    consent: z
      .union([z.boolean(), z.literal(0), z.literal(1)], { error: CONSENT_MESSAGE })
      .refine((value) => value === true || value === 1, CONSENT_MESSAGE)
      .transform((): 1 => 1),
    /** The wording the form showed (docs/decisions/040-newsletter-delivery.md); the current one if left out. */
    consentVersion: enumField('Consent version', CONSENT_VERSIONS).default(CURRENT_CONSENT_VERSION),
    /** The honeypot: any value marks a bot. Not a field people see. */
    [HONEYPOT_FIELD]: z.string().max(1000).optional(),
  },
  { error: 'Expected a JSON object.' },
);
export type SubscribeInput = z.input<typeof subscribeInput>;

/** The same answer whether the address was new, pending or confirmed: no address enumeration. */
export const subscribeResultSchema = z.object({ subscribed: z.literal(true) });

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  consent: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(SUBSCRIBER_STATUSES),
  /** The consent text's version the subscriber agreed to (CONSENT_TEXTS). */
  consentVersion: z.string(),
  createdAt: isoTimestamp,
  /** Null for pending addresses, and for those who signed up before double opt-in. */
  confirmedAt: isoTimestamp.nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

/** A token from a link in a mail: confirmation or unsubscribe. */
export const mailTokenInput = z.object(
  {
    token: z
      .string({ error: 'The link is incomplete: open it from the mail again.' })
      .trim()
      .min(1, 'The link is incomplete: open it from the mail again.')
      .max(200, 'This link is not valid.'),
  },
  { error: 'Expected a JSON object.' },
);

/** `alreadyConfirmed`: the link was used before (docs/decisions/056-newsletter-hardening.md); only its holder learns it. */
export const confirmResultSchema = z.object({ confirmed: z.literal(true), alreadyConfirmed: z.boolean() });
export const unsubscribeResultSchema = z.object({ unsubscribed: z.literal(true) });
export const eraseResultSchema = z.object({ deleted: z.literal(true) });

/** The admin's counts: readers are the confirmed ones; the others are shown apart, never added in. */
export const subscriberCountsSchema = z.object({
  confirmed: z.number().int(),
  pending: z.number().int(),
  unsubscribed: z.number().int(),
  /** A pending sign-up is erased once it has waited this many days without confirming. */
  pendingErasedAfterDays: z.number().int(),
});
export type SubscriberCounts = z.infer<typeof subscriberCountsSchema>;
