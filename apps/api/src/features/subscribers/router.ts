import {
  subscribeInput,
  subscriberPageInput,
  subscriberSchema,
  subscribeResultSchema,
} from '@journey/contracts';
import { addSubscriber, deleteSubscriber, listSubscribers, pageSubscribers } from '@journey/db';
import { z } from 'zod';
import { deleteProcedure, pageProcedure, type RowKind } from '../../trpc/admin-rows';
import { PUBLIC_DATA_UNCHANGED, protectedProcedure, publicProcedure, router } from '../../trpc/init';

/** The admin deletes subscribers over tRPC only; no public answer shows them. */
const SUBSCRIBER: RowKind = { noun: 'Subscriber', table: null };

export const subscribersRouter = router({
  /** docs/decisions/017-newsletter-and-subscribers.md: the same answer for a new and a known address. */
  subscribe: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/subscribers',
        tags: ['subscribers'],
        summary: 'Join the newsletter',
      },
      successStatus: 201,
      ...PUBLIC_DATA_UNCHANGED,
    })
    .input(subscribeInput)
    .output(subscribeResultSchema)
    .mutation(async ({ ctx, input }) => {
      await addSubscriber(ctx.database.db, input.email);
      return { subscribed: true as const };
    }),

  list: protectedProcedure
    .output(z.array(subscriberSchema))
    .query(({ ctx }) => listSubscribers(ctx.database.db)),

  page: pageProcedure({ input: subscriberPageInput, row: subscriberSchema }, pageSubscribers),

  delete: deleteProcedure(SUBSCRIBER, deleteSubscriber),
});
