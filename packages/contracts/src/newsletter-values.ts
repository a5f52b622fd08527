/**
 * The newsletter's values without schemas (docs/decisions/040-newsletter-delivery.md): the landing
 * page's form and the server's pages read them without zod.
 */

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/**
 * Every consent text the sign-up form has shown, by version: a subscriber's row keeps the version it
 * agreed to. A new wording is a new entry; an old one is never edited or removed.
 */
export const CONSENT_TEXTS = {
  v1: 'I agree to receive updates about the journey by email. Unsubscribe any time.',
} as const;
export type ConsentVersion = keyof typeof CONSENT_TEXTS;
export const CURRENT_CONSENT_VERSION: ConsentVersion = 'v1';
export const CONSENT_VERSIONS = Object.keys(CONSENT_TEXTS) as [ConsentVersion, ...ConsentVersion[]];

/**
 * The sign-up form's hidden field: people never see or fill it, form-filling bots do. A filled one
 * gets the usual answer and nothing is stored or sent.
 */
export const HONEYPOT_FIELD = 'website';

/** How long a confirmation link works, and how often one address may be sent one. */
export const CONFIRMATION_TOKEN_DAYS = 7;
export const CONFIRMATION_MAIL_INTERVAL_MS = 60 * 60 * 1000;

/** Never-confirmed sign-ups are erased this many days after their last request (docs/decisions/094-list-hygiene.md). */
export const UNCONFIRMED_SUBSCRIBER_DAYS_DEFAULT = 30;

/** Per IP address: sign-ups, and the token pages' posts (which a guesser would hammer). */
export const SIGNUP_RATE_LIMIT = { perIp: 10, windowMs: 15 * 60 * 1000 } as const;

export const NEWSLETTER_PATHS = {
  confirm: '/newsletter/confirm',
  unsubscribe: '/newsletter/unsubscribe',
} as const;

/** RFC 8058: the body a mail provider's one-click unsubscribe POST carries. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

export const BROADCAST_STATUSES = ['draft', 'sending', 'sent'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/**
 * Who wrote a broadcast: the owner by hand, a milestone published with "mail this to subscribers", or
 * the monthly digest the server drafts for the owner to approve.
 */
export const BROADCAST_ORIGINS = ['owner', 'milestone', 'digest'] as const;
export type BroadcastOrigin = (typeof BROADCAST_ORIGINS)[number];

export const BROADCAST_LIMITS = {
  subject: { min: 1, max: 200 },
  body: { min: 1, max: 50_000 },
} as const;

/** Where mail goes: an SMTP server, or the admin's outbox in the database (no SMTP_URL). */
export const MAIL_DELIVERIES = ['smtp', 'outbox'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** The thanks line after a sign-up: the spec's sentence, then where the next step happens. */
export const NEWSLETTER_THANKS = "Thanks for joining! You'll receive updates soon.";
export const NEWSLETTER_CHECK_INBOX = 'Please check your inbox to confirm your address.';
