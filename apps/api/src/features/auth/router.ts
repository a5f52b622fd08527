import {
  changePasswordInput,
  loginAnswerSchema,
  loginInput,
  registerInput,
  userSchema,
} from '@journey/contracts';
import { countUsers, findUserByUsername, registerUser, replacePassword, toUser } from '@journey/db';
import { currentUser } from './current-user';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { fieldError } from '../../trpc/errors';
import { PUBLIC_DATA_UNCHANGED, protectedProcedure, publicProcedure, router } from '../../trpc/init';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { challengeIfDue } from '../factors/login-challenge';
import { secondFactorLogin } from '../factors/second-factor-login';
import { passkeyLogin, passkeyLoginOptions } from '../passkeys/passkey-login';
import { enforceLoginRate } from './login-rate-limit';
import { endSession, startSession } from './session';
import { endSessionFromMail } from '../security-mail/end-session-procedure';
import { sessionsRouter } from './sessions-router';
import { completeSignIn, recordFailedSignIn } from './sign-in';
import type { Context } from '../../trpc/context';

const INVALID_LOGIN = 'Invalid username or password';

export const authRouter = router({
  /** The signed-in user or null: what the web app asks on load (no 401 in the console). */
  me: publicProcedure.output(userSchema.nullable()).query(async ({ ctx }) => {
    const user = await currentUser(ctx.req, ctx.database.db);
    return user ? toUser(user) : null;
  }),

  /** The REST form of `me`: 401 when nobody is signed in, as docs/architecture.md#rest-api expects. */
  user: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/user', tags: ['auth'], summary: 'The signed-in user' } })
    .input(z.void())
    .output(userSchema)
    .query(({ ctx }) => toUser(ctx.user)),

  registrationStatus: publicProcedure.output(z.object({ open: z.boolean() })).query(async ({ ctx }) => {
    if (ctx.config.allowRegistration) return { open: true };
    return { open: (await countUsers(ctx.database.db)) === 0 };
  }),

  login: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/login', tags: ['auth'], summary: 'Sign in' },
      ...PUBLIC_DATA_UNCHANGED,
    })
    .input(loginInput)
    .output(loginAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceLoginRate(ctx, input.username);
      const user = await findUserByUsername(ctx.database.db, input.username);
      const valid = await verifyPassword(input.password, user?.password ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        await recordFailedSignIn(ctx, {
          username: input.username,
          user,
          method: 'password',
          reason: user ? 'wrong password' : 'unknown user',
        });
        throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_LOGIN });
      }
      // With a second factor due, no session yet: `secondFactor` completes the sign-in (decision 086).
      const challenge = await challengeIfDue(ctx, user);
      if (challenge) return challenge;
      await completeSignIn(ctx, user, 'password');
      return toUser(user);
    }),

  /** POST /api/login/second-factor: the code that completes a sign-in `login` left waiting for one. */
  secondFactor: secondFactorLogin,

  /** POST /api/login/passkey/options and /api/login/passkey: a passkey signs in (decision 087). */
  passkeyOptions: passkeyLoginOptions,
  passkey: passkeyLogin,

  register: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/register', tags: ['auth'], summary: 'Create an account' },
      successStatus: 201,
      ...PUBLIC_DATA_UNCHANGED,
    })
    .input(registerInput)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRegisterRate(ctx);
      // A closed registration is refused before the password costs a hash; registerUser checks
      // again in its transaction, for two first registrations at once.
      if (!ctx.config.allowRegistration && (await countUsers(ctx.database.db)) > 0)
        throw registrationClosed();
      const passwordHash = await hashPassword(input.password);
      const result = await registerUser(
        ctx.database.db,
        { username: input.username, email: input.email, passwordHash },
        { openToAll: ctx.config.allowRegistration },
      );
      if (!result.ok) {
        if (result.reason === 'closed') throw registrationClosed();
        if (result.reason === 'username_taken')
          throw fieldError('CONFLICT', 'username', 'Username already exists');
        throw fieldError('CONFLICT', 'email', 'Email is already registered');
      }
      await completeSignIn(ctx, result.user, 'password', 'account.created');
      return toUser(result.user);
    }),

  /** Ends every session of the account, this one included, and signs this browser in afresh. */
  changePassword: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/password',
        tags: ['auth'],
        summary: 'Change the password (signs out every other session)',
      },
      successStatus: 204,
      ...PUBLIC_DATA_UNCHANGED,
      audit: { action: 'password.changed' },
    })
    .input(changePasswordInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      // The current password is a login in disguise: the same limits stop guessing it.
      await enforceLoginRate(ctx, ctx.user.username);
      if (!(await verifyPassword(input.currentPassword, ctx.user.password)))
        throw fieldError('BAD_REQUEST', 'currentPassword', 'Current password is incorrect');
      await replacePassword(ctx.database.db, ctx.user.id, await hashPassword(input.newPassword));
      await startSession(ctx.req, ctx.user.id);
    }),

  logout: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/logout', tags: ['auth'], summary: 'Sign out' },
      successStatus: 204,
      ...PUBLIC_DATA_UNCHANGED,
    })
    .input(z.void())
    .output(z.void())
    .mutation(async ({ ctx }) => {
      // Recorded while the session is still there to name; a logout of nobody changes nothing.
      const user = await currentUser(ctx.req, ctx.database.db);
      if (user) await ctx.audit.record(ctx.req, { action: 'sign-out', user });
      await endSession(ctx.req);
    }),

  /** The owner's sessions, each of which can be ended (docs/decisions/085-owner-sessions.md). */
  sessions: sessionsRouter,

  /** The "end that session" link of a security notice (docs/decisions/089-security-mail.md). */
  endSessionFromMail,
});

const registrationClosed = () => new TRPCError({ code: 'FORBIDDEN', message: 'Registration is closed' });

async function enforceRegisterRate(ctx: Context): Promise<void> {
  const limit = await ctx.checkRegisterRate(ctx.req);
  if (limit.allowed) return;
  ctx.reply.header('Retry-After', String(limit.retryAfterSeconds));
  throw new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: `Too many registration attempts. Try again in ${limit.retryAfterSeconds} seconds.`,
  });
}
