import { randomBytes } from 'node:crypto';
import { LOGIN_CHALLENGE_TTL_MS, type SecondFactorChallenge } from '@journey/contracts';
import { createLoginChallenge, readSecondFactors, type UserRow } from '@journey/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../trpc/context';

/**
 * The sign-in between a right password and its second factor (docs/decisions/086-one-time-codes.md):
 * a random token in an httpOnly, SameSite=Strict cookie that only the sign-in calls under /api receive,
 * its SHA-256 in `login_challenges`. No session exists until the code is right.
 */
export const CHALLENGE_COOKIE = 'journey_login_challenge';

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
  path: '/api',
});

/**
 * The challenge a sign-in of `user` answers with instead of a session, or null when the password is
 * enough: the user has no confirmed factor and does not require one.
 */
export async function challengeIfDue(ctx: Context, user: UserRow): Promise<SecondFactorChallenge | null> {
  const factors = await readSecondFactors(ctx.database.db, user.id);
  const totpOn = factors.totp?.confirmedAt != null;
  if (!totpOn && !factors.required) return null;
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await createLoginChallenge(ctx.database.db, {
    token,
    userId: user.id,
    now,
    expiresAt: new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MS),
  });
  ctx.reply.setCookie(CHALLENGE_COOKIE, token, {
    ...cookieOptions(ctx.req),
    maxAge: LOGIN_CHALLENGE_TTL_MS / 1000,
  });
  return {
    secondFactorRequired: true,
    // Required with no usable factor left (a database edited by hand): nothing signs in, as required.
    methods: [
      ...(totpOn ? (['totp'] as const) : []),
      ...(factors.recoveryCodesLeft > 0 ? (['recovery'] as const) : []),
      // POST /api/login/passkey completes this sign-in too (docs/decisions/087-passkeys.md).
      ...(factors.passkeys > 0 ? (['passkey'] as const) : []),
    ],
  };
}

/** The challenge token this browser holds, if any. */
export const challengeToken = (request: FastifyRequest): string | null =>
  request.cookies?.[CHALLENGE_COOKIE] || null;

export function clearChallengeCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(CHALLENGE_COOKIE, cookieOptions(request));
}
