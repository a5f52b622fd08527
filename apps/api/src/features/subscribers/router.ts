import {
  idInput,
  pageOutput,
  subscribeInput,
  subscriberPageInput,
  subscriberSchema,
  subscribeResultSchema,
} from '@journey/contracts';
import { addSubscriber, deleteSubscriber, listSubscribers, pageSubscribers } from '@journey/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { PUBLIC_DATA_UNCHANGED, protectedProcedure, publicProcedure, router } from '../../trpc/init';

export const subscribersRouter = router({
  /** DESIGN.md item 4: the same answer for a new and a known address. */
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

  /** The admin table: sorted, filtered and paged by the server. */
  page: protectedProcedure
    .input(subscriberPageInput)
    .output(pageOutput(subscriberSchema))
    .query(({ ctx, input }) => pageSubscribers(ctx.database.db, input)),

  delete: protectedProcedure
    .meta(PUBLIC_DATA_UNCHANGED)
    .input(idInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteSubscriber(ctx.database.db, input.id))) {
        throw new TRPCError({ code: 'NOT_FOUND', message: 'Subscriber not found' });
      }
    }),
});
