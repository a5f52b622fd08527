import { WEBAUTHN_CHALLENGE_TTL_MS, type WebauthnCeremony } from '@journey/contracts/constants';
import { consumeWebauthnChallenge, saveWebauthnChallenge } from '@journey/db';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { Context } from '../../trpc/context';

/**
 * WebAuthn challenges kept server side (docs/decisions/087-passkeys.md): stored when handed out, and
 * spent by deleting the row before the signature is checked, so each answers one response.
 */

export async function issueChallenge(
  ctx: Context,
  challenge: string,
  ceremony: WebauthnCeremony,
  userId: number | null,
): Promise<void> {
  const now = ctx.now();
  await saveWebauthnChallenge(ctx.database.db, {
    id: challenge,
    ceremony,
    userId,
    now,
    expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
  });
}

/**
 * The challenge the response's clientDataJSON signed, spent now; null when it is not a live challenge
 * of this ceremony (unknown, expired, already answered, or another user's registration).
 */
export async function spendChallengeOf(
  ctx: Context,
  clientDataJSON: string,
  ceremony: WebauthnCeremony,
  userId?: number,
): Promise<string | null> {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || challenge === '') return null;
  const spent = await consumeWebauthnChallenge(ctx.database.db, {
    id: challenge,
    ceremony,
    ...(userId === undefined ? {} : { userId }),
    now: ctx.now(),
  });
  return spent ? challenge : null;
}
