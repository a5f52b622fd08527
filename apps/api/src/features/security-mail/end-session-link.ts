import { END_SESSION_LINK_DAYS, END_SESSION_PATH } from '@journey/contracts/constants';
import { z } from 'zod';
import { SealedValueError, type SecretBox } from '../connections/secret-box';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the link carries, sealed: whose session, which one, until when. */
const linkPayload = z.object({ u: z.number().int(), s: z.uuid(), e: z.number().int() });

export interface EndSessionTarget {
  userId: number;
  sessionId: string;
}

/**
 * The "end that session" link of a security notice (docs/decisions/089-security-mail.md): the target
 * sealed with the server's secret box, so it can be neither forged nor read, and no table holds it. It
 * only ever ends one session: a leaked link signs nobody in.
 */
export function endSessionUrl(box: SecretBox, origin: string, target: EndSessionTarget, now: Date): string {
  const token = box.seal(
    JSON.stringify({
      u: target.userId,
      s: target.sessionId,
      e: now.getTime() + END_SESSION_LINK_DAYS * DAY_MS,
    }),
  );
  return `${origin}${END_SESSION_PATH}?token=${encodeURIComponent(token)}`;
}

/** The session a link names, or null when it was altered, sealed elsewhere or has expired. */
export function openEndSessionToken(box: SecretBox, token: string, now: Date): EndSessionTarget | null {
  let plain: string;
  try {
    plain = box.open(token);
  } catch (error) {
    if (error instanceof SealedValueError) return null;
    throw error;
  }
  let parsed: z.infer<typeof linkPayload>;
  try {
    parsed = linkPayload.parse(JSON.parse(plain));
  } catch {
    return null;
  }
  return parsed.e > now.getTime() ? { userId: parsed.u, sessionId: parsed.s } : null;
}
