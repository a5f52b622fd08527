import {
  confirmResultSchema,
  eraseResultSchema,
  HONEYPOT_FIELD,
  mailTokenInput,
  subscribeInput,
  subscriberPageInput,
  subscriberCountsSchema,
  subscriberSchema,
  subscribeResultSchema,
  unsubscribeResultSchema,
} from '@journey/contracts';
import {
  confirmSubscriber,
  countSubscribersByStatus,
  deleteSubscriber,
  eraseByToken,
  listSubscribers,
  pageSubscribers,
  signUp,
  unsubscribeByToken,
} from '@journey/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { deleteProcedure, pageProcedure, type RowKind } from '../../trpc/admin-rows';
import type { Context } from '../../trpc/context';
import { fieldError } from '../../trpc/errors';
import { PUBLIC_DATA_UNCHANGED, protectedProcedure, publicProcedure, router } from '../../trpc/init';
import { hashToken } from '../newsletter/tokens';

/** The admin deletes subscribers over tRPC only; no public answer shows them. */
const SUBSCRIBER: RowKind = { noun: 'Subscriber', tables: [], entity: 'subscriber' };
const tags = ['subscribers'];

export const INVALID_LINK_MESSAGE = 'This link is not valid, or it has expired.';

/**
 * A reader's action through a link's token: the token's hash does it, or the link is refused with one
 * message whatever the reason (unknown, used or expired), so the answer tells a guesser nothing.
 */
function tokenProcedure<R extends Record<string, unknown>>(
  path: `/${string}`,
  summary: string,
  schema: z.ZodType<R>,
  act: (input: { ctx: Context; hash: string }) => Promise<R | null>,
) {
  return publicProcedure
    .meta({ openapi: { method: 'POST', path, tags, summary }, ...PUBLIC_DATA_UNCHANGED })
    .input(mailTokenInput)
    .output(schema)
    .mutation(async ({ ctx, input }) => {
      const answer = await act({ ctx, hash: hashToken(input.token) });
      if (answer === null) throw fieldError('BAD_REQUEST', 'token', INVALID_LINK_MESSAGE);
      return answer;
    });
}

async function enforceSignupRate(ctx: Context): Promise<void> {
  const limit = await ctx.checkSignupRate(ctx.req);
  if (limit.allowed) return;
  ctx.reply.header('Retry-After', String(limit.retryAfterSeconds));
  throw new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: `Too many sign-ups from your network. Try again in ${limit.retryAfterSeconds} seconds.`,
  });
}

export const subscribersRouter = router({
  /**
   * docs/decisions/040-newsletter-delivery.md: double opt-in. The answer is the same for a new, a
   * pending and a confirmed address, and for a bot that filled the honeypot (which stores nothing).
   */
  subscribe: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/subscribers', tags, summary: 'Join the newsletter (double opt-in)' },
      successStatus: 201,
      ...PUBLIC_DATA_UNCHANGED,
    })
    .input(subscribeInput)
    .output(subscribeResultSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceSignupRate(ctx);
      if (input[HONEYPOT_FIELD]) return { subscribed: true as const };
      const queued = await signUp(ctx.database.db, {
        email: input.email,
        consentVersion: input.consentVersion,
        linkOrigin: ctx.mail.linkOrigin(ctx.req),
        now: ctx.now(),
      });
      if (queued) ctx.mail.wake();
      return { subscribed: true as const };
    }),

  /** Only this POST confirms: the mail's link opens a page whose button sends it, which no link scanner presses. */
  confirm: tokenProcedure(
    '/subscribers/confirm',
    'Confirm a subscription with the token from the mail',
    confirmResultSchema,
    async ({ ctx, hash }) => {
      // A second click on the link tells its holder they are confirmed (docs/decisions/056-newsletter-hardening.md).
      // The owner's welcome mail, if on, is queued with the confirmation (docs/decisions/097-automatic-mail.md).
      const outcome = await confirmSubscriber(ctx.database.db, hash, ctx.now(), {
        linkOrigin: ctx.mail.linkOrigin(ctx.req),
      });
      if (outcome === 'invalid') return null;
      if (outcome === 'confirmed') ctx.mail.wake();
      return { confirmed: true as const, alreadyConfirmed: outcome === 'already-confirmed' };
    },
  ),

  unsubscribe: tokenProcedure(
    '/subscribers/unsubscribe',
    'Unsubscribe with the token from a mail',
    unsubscribeResultSchema,
    async ({ ctx, hash }) =>
      (await unsubscribeByToken(ctx.database.db, hash, ctx.now())) ? { unsubscribed: true as const } : null,
  ),

  /** The subscriber's own deletion, from the unsubscribe page: the address and all its mail go. */
  erase: tokenProcedure(
    '/subscribers/erase',
    'Delete your address and everything kept with it',
    eraseResultSchema,
    async ({ ctx, hash }) =>
      (await eraseByToken(ctx.database.db, hash)) ? { deleted: true as const } : null,
  ),

  /** Readers are the confirmed addresses; pending and unsubscribed ones are counted apart (docs/decisions/094-list-hygiene.md). */
  counts: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/subscribers/counts',
        tags,
        summary: 'How many addresses are confirmed, pending and unsubscribed',
      },
    })
    .input(z.void())
    .output(subscriberCountsSchema)
    .query(async ({ ctx }) => ({
      ...(await countSubscribersByStatus(ctx.database.db)),
      pendingErasedAfterDays: ctx.config.unconfirmedSubscriberDays,
    })),

  list: protectedProcedure
    .output(z.array(subscriberSchema))
    .query(({ ctx }) => listSubscribers(ctx.database.db)),

  page: pageProcedure({ input: subscriberPageInput, row: subscriberSchema }, pageSubscribers),

  delete: deleteProcedure(SUBSCRIBER, deleteSubscriber),
});
