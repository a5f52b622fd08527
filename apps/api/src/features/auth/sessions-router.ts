import {
  endedSessionsSchema,
  ownerSessionSchema,
  sessionIdInput,
  type OwnerSession,
} from '@journey/contracts';
import { endOtherUserSessions, endUserSession, listUserSessions, type UserSessionRow } from '@journey/db';
import { z } from 'zod';
import { notFound } from '../../trpc/admin-rows';
import { PUBLIC_DATA_UNCHANGED, protectedProcedure, router } from '../../trpc/init';
import { fieldOf, subjectFrom } from '../audit/audit-meta';
import { deviceName } from './device-name';
import type { PlaceOf } from './place-lookup';
import { endSession } from './session';

const tags = ['sessions'];
const SESSION = { noun: 'Session' };

const shown = (row: UserSessionRow, placeOf: PlaceOf): OwnerSession => ({
  id: row.publicId,
  current: row.current,
  device: deviceName(row.userAgent),
  userAgent: row.userAgent,
  ip: row.lastIp,
  signInIp: row.signInIp,
  place: placeOf(row.lastIp),
  firstSeenAt: row.firstSeenAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
});

/**
 * The signed-in user's sessions: where each is, and ending any or all the others
 * (docs/decisions/085-owner-sessions.md). Ending one deletes its row, so its cookie answers 401 from
 * its next request on. Every answer is about the caller's own sessions: another user's id is a 404.
 */
export const sessionsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/sessions',
        tags,
        summary: 'Your sessions: this one first (`current`), then the most recently used',
      },
    })
    .input(z.void())
    .output(z.array(ownerSessionSchema))
    .query(async ({ ctx }) => {
      const rows = await listUserSessions(ctx.database.db, ctx.user.id, ctx.req.session.sessionId);
      return rows.map((row) => shown(row, ctx.placeOf));
    }),

  /** Ending this browser's own session signs it out, as a logout does. */
  end: protectedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/admin/sessions/{id}', tags, summary: 'Sign a session out' },
      successStatus: 204,
      ...PUBLIC_DATA_UNCHANGED,
      audit: { action: 'session.ended', subject: subjectFrom('session') },
    })
    .input(sessionIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      const ended = await endUserSession(ctx.database.db, ctx.user.id, input.id, ctx.req.session.sessionId);
      if (!ended) throw notFound(SESSION);
      ctx.auditNote.detail = { current: ended.current };
      if (ended.current) await endSession(ctx.req);
    }),

  endOthers: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/sessions',
        tags,
        summary: 'Sign out every session but this one',
      },
      ...PUBLIC_DATA_UNCHANGED,
      audit: {
        action: 'sessions.ended-others',
        detail: ({ output }) => ({ ended: fieldOf(output, 'ended') }),
      },
    })
    .input(z.void())
    .output(endedSessionsSchema)
    .mutation(async ({ ctx }) => ({
      ended: await endOtherUserSessions(ctx.database.db, ctx.user.id, ctx.req.session.sessionId),
    })),
});
