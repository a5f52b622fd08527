import { endedFromMailSchema, mailTokenInput } from '@journey/contracts';
import { endUserSession, findUserById } from '@journey/db';
import { TRPCError } from '@trpc/server';
import { PUBLIC_DATA_UNCHANGED, publicProcedure } from '../../trpc/init';
import { openEndSessionToken } from './end-session-link';

const EXPIRED_LINK =
  'This link has expired or is not valid. Sign in and end the session from the Account tab.';

/**
 * POST /api/sessions/end-from-mail: the button behind a security notice's link
 * (docs/decisions/089-security-mail.md). Public, as the owner may be signed out everywhere; the sealed
 * token names one session of one user, and ending it is all it can do.
 */
export const endSessionFromMail = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/sessions/end-from-mail',
      tags: ['auth'],
      summary: 'End the session a security notice tells of, with the token of its link',
    },
    ...PUBLIC_DATA_UNCHANGED,
  })
  .input(mailTokenInput)
  .output(endedFromMailSchema)
  .mutation(async ({ ctx, input }) => {
    const db = ctx.database.db;
    const target = openEndSessionToken(ctx.connections.box, input.token, ctx.now());
    const user = target ? await findUserById(db, target.userId) : null;
    if (!target || !user) throw new TRPCError({ code: 'BAD_REQUEST', message: EXPIRED_LINK });
    const ended = await endUserSession(db, user.id, target.sessionId, ctx.req.session?.sessionId ?? '');
    if (ended)
      await ctx.audit.record(ctx.req, {
        action: 'session.ended',
        user,
        subject: `session:${target.sessionId}`,
        detail: { via: 'mail link' },
      });
    return { ended: ended !== null };
  });
