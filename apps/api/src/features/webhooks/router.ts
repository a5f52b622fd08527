import {
  createdWebhookEndpointSchema,
  MAX_WEBHOOK_ENDPOINTS,
  webhookDeliverySchema,
  webhookEndpointIdInput,
  webhookEndpointInput,
  webhookEndpointSchema,
  webhookEndpointUpdateInput,
} from '@journey/contracts';
import {
  countWebhookEndpoints,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookDelivery,
  findWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  updateWebhookEndpoint,
} from '@journey/db';
import { TRPCError } from '@trpc/server';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Context } from '../../trpc/context';
import { fieldError } from '../../trpc/errors';
import { PUBLIC_DATA_UNCHANGED, protectedProcedure, router } from '../../trpc/init';
import { fieldOf, subjectFrom } from '../audit/audit-meta';
import { checkEndpointAddress, EndpointAddressError } from './address-guard';
import './service';

/** docs/decisions/091-outgoing-webhooks.md: the owner's endpoints and what was sent to them. */

const tags = ['webhooks'];

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Webhook endpoint not found.' });

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** An endpoint whose host is private, loopback or unresolvable is refused on its `url` field (SSRF). */
async function checkUrl(ctx: Context, url: string): Promise<void> {
  try {
    await checkEndpointAddress(url, ctx.config.webhooksAllowPrivate);
  } catch (error) {
    if (error instanceof EndpointAddressError) throw fieldError('BAD_REQUEST', 'url', error.message);
    throw error;
  }
}

const wake = (ctx: Context) => ctx.req.server.outgoingWebhooks.wake();

const eventsDetail = ({ input }: { input: unknown }) => ({
  events: fieldOf(input, 'events'),
  enabled: fieldOf(input, 'enabled'),
});

export const webhooksRouter = router({
  list: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/webhooks', tags, summary: 'The outgoing webhook endpoints' },
    })
    .input(z.void())
    .output(z.array(webhookEndpointSchema))
    .query(({ ctx }) => listWebhookEndpoints(ctx.database.db)),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/webhooks',
        tags,
        summary: 'Add an endpoint; the answer carries its signing secret, this once',
      },
      successStatus: 201,
      ...PUBLIC_DATA_UNCHANGED,
      audit: { action: 'webhook.created', subject: subjectFrom('webhook'), detail: eventsDetail },
    })
    .input(webhookEndpointInput)
    .output(createdWebhookEndpointSchema)
    .mutation(async ({ ctx, input }) => {
      if ((await countWebhookEndpoints(ctx.database.db)) >= MAX_WEBHOOK_ENDPOINTS) {
        throw fieldError('BAD_REQUEST', 'url', `At most ${MAX_WEBHOOK_ENDPOINTS} endpoints.`);
      }
      await checkUrl(ctx, input.url);
      const secret = newSecret();
      const endpoint = await createWebhookEndpoint(ctx.database.db, {
        ...input,
        secretSealed: ctx.connections.box.seal(secret),
      });
      return { ...endpoint, secret };
    }),

  update: protectedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/admin/webhooks/{id}', tags, summary: 'Change an endpoint' },
      ...PUBLIC_DATA_UNCHANGED,
      audit: { action: 'webhook.updated', subject: subjectFrom('webhook'), detail: eventsDetail },
    })
    .input(webhookEndpointUpdateInput)
    .output(webhookEndpointSchema)
    .mutation(async ({ ctx, input: { id, ...values } }) => {
      await checkUrl(ctx, values.url);
      const saved = await updateWebhookEndpoint(ctx.database.db, id, values, ctx.now());
      if (!saved) throw notFound();
      wake(ctx);
      return saved;
    }),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/webhooks/{id}',
        tags,
        summary: 'Delete an endpoint and its deliveries',
      },
      successStatus: 204,
      ...PUBLIC_DATA_UNCHANGED,
      audit: { action: 'webhook.deleted', subject: subjectFrom('webhook') },
    })
    .input(webhookEndpointIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteWebhookEndpoint(ctx.database.db, input.id))) throw notFound();
    }),

  deliveries: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/webhooks/{id}/deliveries',
        tags,
        summary: 'An endpoint’s latest deliveries, newest first',
      },
    })
    .input(webhookEndpointIdInput)
    .output(z.array(webhookDeliverySchema))
    .query(async ({ ctx, input }) => {
      if (!(await findWebhookEndpoint(ctx.database.db, input.id))) throw notFound();
      return listWebhookDeliveries(ctx.database.db, input.id);
    }),

  resend: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/webhooks/deliveries/{id}/resend',
        tags,
        summary: 'Send a delivery again, with the same webhook-id',
      },
      ...PUBLIC_DATA_UNCHANGED,
      audit: { action: 'webhook.resent', subject: subjectFrom('webhook-delivery') },
    })
    .input(webhookEndpointIdInput)
    .output(webhookDeliverySchema)
    .mutation(async ({ ctx, input }) => {
      const resent = await resendWebhookDelivery(ctx.database.db, input.id, ctx.now());
      if (!resent) {
        if (await findWebhookDelivery(ctx.database.db, input.id)) {
          throw new TRPCError({ code: 'CONFLICT', message: 'This delivery is being sent right now.' });
        }
        throw new TRPCError({ code: 'NOT_FOUND', message: 'Webhook delivery not found.' });
      }
      wake(ctx);
      return resent;
    }),
});
