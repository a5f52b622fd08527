import {
  broadcastFailureSchema,
  broadcastIdInput,
  broadcastInput,
  broadcastSchema,
  newsletterStatusSchema,
  outboxMessageSchema,
} from '@journey/contracts';
import {
  broadcastById,
  broadcastFailures,
  clearOutbox,
  countConfirmedSubscribers,
  createBroadcast,
  deleteBroadcast,
  listBroadcasts,
  listOutbox,
  queueTestMail,
  sendBroadcast,
  updateBroadcast,
} from '@journey/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { found, notFound } from '../../trpc/admin-rows';
import { PUBLIC_DATA_UNCHANGED, protectedProcedure, router } from '../../trpc/init';
import { subjectFrom, summaryOf, type AuditWrite } from '../audit/audit-meta';

const tags = ['newsletter'];
const BROADCAST = { noun: 'Broadcast' };
const SENT_ALREADY = 'This broadcast has been sent already: it can no longer be changed or sent again.';

const write = (method: 'POST' | 'PUT', path: `/${string}`, summary: string) => ({
  openapi: { method, path, tags, summary },
  ...PUBLIC_DATA_UNCHANGED,
});
const read = (path: `/${string}`, summary: string) => ({
  openapi: { method: 'GET' as const, path, tags, summary },
});

/** A broadcast's write: which one, and its subject line. */
const broadcastWrite = (verb: string): AuditWrite => ({
  action: `broadcast.${verb}`,
  subject: subjectFrom('broadcast'),
  detail: ({ output }) => summaryOf(output),
});

const broadcastWithId = broadcastInput.extend(broadcastIdInput.shape);

/** The admin's newsletter (docs/decisions/040-newsletter-delivery.md): drafts, tests, sends, the outbox. */
export const newsletterRouter = router({
  status: protectedProcedure.output(newsletterStatusSchema).query(async ({ ctx }) => ({
    delivery: ctx.mail.delivery,
    confirmedSubscribers: await countConfirmedSubscribers(ctx.database.db),
    testRecipient: ctx.user.email,
  })),

  list: protectedProcedure
    .meta(read('/admin/broadcasts', 'Every broadcast, newest first, with its mail counts'))
    .input(z.void())
    .output(z.array(broadcastSchema))
    .query(({ ctx }) => listBroadcasts(ctx.database.db)),

  byId: protectedProcedure
    .meta(read('/admin/broadcasts/{id}', 'One broadcast: its status and mail counts'))
    .input(broadcastIdInput)
    .output(broadcastSchema)
    .query(async ({ ctx, input }) => found(BROADCAST, await broadcastById(ctx.database.db, input.id))),

  failures: protectedProcedure
    .input(broadcastIdInput)
    .output(z.array(broadcastFailureSchema))
    .query(({ ctx, input }) => broadcastFailures(ctx.database.db, input.id)),

  create: protectedProcedure
    .meta({
      ...write('POST', '/admin/broadcasts', 'Save a draft broadcast'),
      successStatus: 201,
      audit: broadcastWrite('created'),
    })
    .input(broadcastInput)
    .output(broadcastSchema)
    .mutation(({ ctx, input }) => createBroadcast(ctx.database.db, { ...input, now: ctx.now() })),

  update: protectedProcedure
    .meta({
      ...write('PUT', '/admin/broadcasts/{id}', 'Edit a draft broadcast'),
      audit: broadcastWrite('updated'),
    })
    .input(broadcastWithId)
    .output(broadcastSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...values } = input;
      const updated = await updateBroadcast(ctx.database.db, id, { ...values, now: ctx.now() });
      if (updated === null) throw notFound(BROADCAST);
      if (updated === false) throw new TRPCError({ code: 'CONFLICT', message: SENT_ALREADY });
      return updated;
    }),

  // A sent broadcast deleted leaves the archive (docs/decisions/095-newsletter-archive.md).
  delete: protectedProcedure
    .meta({ changes: ['newsletter'], audit: broadcastWrite('deleted') })
    .input(broadcastIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteBroadcast(ctx.database.db, input.id))) throw notFound(BROADCAST);
    }),

  /** To every confirmed subscriber, once: queued now, sent by the workers at MAIL_RATE_PER_MINUTE. */
  send: protectedProcedure
    .meta({
      ...write('POST', '/admin/broadcasts/{id}/send', 'Send a draft to every confirmed subscriber'),
      // Sent, it is an issue of the public archive (docs/decisions/095-newsletter-archive.md).
      changes: ['newsletter'],
      successStatus: 202,
      audit: broadcastWrite('sent'),
    })
    .input(broadcastIdInput)
    .output(broadcastSchema)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.database.db;
      if ((await countConfirmedSubscribers(db)) === 0)
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: 'There are no confirmed subscribers to send to yet.',
        });
      const queued = await sendBroadcast(db, {
        broadcastId: input.id,
        linkOrigin: ctx.mail.linkOrigin(ctx.req),
        now: ctx.now(),
      });
      if (queued === null) throw notFound(BROADCAST);
      if (queued === false) throw new TRPCError({ code: 'CONFLICT', message: SENT_ALREADY });
      ctx.mail.wake();
      return found(BROADCAST, await broadcastById(db, input.id));
    }),

  /** The mail as subscribers will get it, to the signed-in admin's address. */
  sendTest: protectedProcedure
    .meta({
      ...write('POST', '/admin/broadcasts/{id}/test', "Send a test of a broadcast to the admin's address"),
      successStatus: 202,
      audit: { action: 'broadcast.test-sent', subject: subjectFrom('broadcast') },
    })
    .input(broadcastIdInput)
    .output(z.object({ recipient: z.string() }))
    .mutation(async ({ ctx, input }) => {
      if (!(await broadcastById(ctx.database.db, input.id))) throw notFound(BROADCAST);
      await queueTestMail(ctx.database.db, {
        broadcastId: input.id,
        recipient: ctx.user.email,
        linkOrigin: ctx.mail.linkOrigin(ctx.req),
        now: ctx.now(),
      });
      ctx.mail.wake();
      return { recipient: ctx.user.email };
    }),

  outbox: protectedProcedure
    .output(z.array(outboxMessageSchema))
    .query(({ ctx }) => listOutbox(ctx.database.db)),

  clearOutbox: protectedProcedure
    .meta({ ...PUBLIC_DATA_UNCHANGED, audit: { action: 'newsletter.outbox-cleared' } })
    .input(z.void())
    .output(z.void())
    .mutation(({ ctx }) => clearOutbox(ctx.database.db)),
});
