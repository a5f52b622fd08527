import { secondFactorInput, userSchema } from '@journey/contracts';
import { endLoginChallenge, findLoginChallenge, findUserById, toUser } from '@journey/db';
import { TRPCError } from '@trpc/server';
import { fieldError } from '../../trpc/errors';
import { PUBLIC_DATA_UNCHANGED, publicProcedure } from '../../trpc/init';
import { enforceLoginRate } from '../auth/login-rate-limit';
import { completeSignIn, recordFailedSignIn } from '../auth/sign-in';
import { acceptSecondFactor } from './accept-code';
import { challengeToken, clearChallengeCookie } from './login-challenge';

const SIGN_IN_AGAIN = 'Your sign-in has expired. Enter your password again.';
export const INVALID_CODE = 'Invalid code. Check it and try again.';

/**
 * The sign-in's second step (docs/decisions/086-one-time-codes.md): the browser's challenge, from a
 * right password, and a code complete it into a session, as `login` answers without a factor. Each
 * attempt counts against the login limits of the challenge's user.
 */
export const secondFactorLogin = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/login/second-factor',
      tags: ['auth'],
      summary: 'Complete a sign-in with a code from the authenticator app or a recovery code',
    },
    ...PUBLIC_DATA_UNCHANGED,
  })
  .input(secondFactorInput)
  .output(userSchema)
  .mutation(async ({ ctx, input }) => {
    const db = ctx.database.db;
    const token = challengeToken(ctx.req);
    const userId = token ? await findLoginChallenge(db, token, ctx.now()) : null;
    const user = userId === null ? null : await findUserById(db, userId);
    if (!token || !user) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_AGAIN });
    await enforceLoginRate(ctx, user.username);
    const accepted = await acceptSecondFactor(ctx, user.id, input.code);
    if (!accepted) {
      await recordFailedSignIn(ctx, {
        username: user.username,
        user,
        method: 'totp',
        reason: 'invalid code',
      });
      throw fieldError('UNAUTHORIZED', 'code', INVALID_CODE);
    }
    // Single use: of two requests completing one challenge at once, one signs in.
    if (!(await endLoginChallenge(db, token, ctx.now())))
      throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_AGAIN });
    clearChallengeCookie(ctx.req, ctx.reply);
    await completeSignIn(ctx, user, accepted);
    // After the sign-in, so the row names the session the recovery code opened (the mail's end link).
    if (accepted === 'recovery')
      await ctx.audit.record(ctx.req, {
        action: 'factor.recovery-code-used',
        user,
        subject: `user:${user.username}`,
        detail: { method: 'recovery' },
      });
    return toUser(user);
  });
