import { z } from 'zod';
import { isMissing } from './field-input';
import { isoTimestamp } from './output-fields';

/**
 * One of the owner's sessions (docs/decisions/085-owner-sessions.md). `id` is a random UUID of its own:
 * never the session token nor its hash, so a list seen over a shoulder signs nobody in.
 */
export const ownerSessionSchema = z.object({
  id: z.string().describe('UUID'),
  /** The session of the request that asked. */
  current: z.boolean(),
  /** The browser and system, read from the user agent: "Chrome 131 on macOS". */
  device: z.string(),
  /** The User-Agent header it signed in with (cut to 512 characters); null for older sessions. */
  userAgent: z.string().nullable(),
  /** The address it was last used from, and the one it signed in from. */
  ip: z.string().nullable(),
  signInIp: z.string().nullable(),
  /** Roughly where `ip` is ("Lisbon, Portugal"): only with a GeoIP database configured, else null. */
  place: z.string().nullable(),
  /** Signed in; last used (kept to the minute). */
  firstSeenAt: isoTimestamp,
  lastSeenAt: isoTimestamp,
});
export type OwnerSession = z.infer<typeof ownerSessionSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session's id, in a path or a body: a UUID, anything else a 400 rather than a lookup. */
export const sessionIdInput = z.object(
  {
    id: z
      .string({
        error: (iss) => (isMissing(iss.input) ? 'Id is required.' : 'Id must be a session id.'),
      })
      .regex(UUID, 'Id must be a session id.')
      .transform((id) => id.toLowerCase()),
  },
  { error: 'Expected a JSON object.' },
);

/** What "sign out all other sessions" answers: how many it ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });

/** What the "end that session" link of a security notice did (docs/decisions/089-security-mail.md). */
export const endedFromMailSchema = z.object({
  /** False when that session had already ended (signed out, or the link used before). */
  ended: z.boolean(),
});
export type EndedFromMail = z.infer<typeof endedFromMailSchema>;
