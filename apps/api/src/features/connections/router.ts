import {
  CONNECTION_PROVIDER_NAMES,
  CONNECTION_PROVIDERS,
  connectInput,
  connectionProviderInput,
  connectionSchema,
  connectionsOverviewSchema,
  exchangeRatesUploadInput,
  exchangeRatesUploadResultSchema,
  MAX_RATES_FILE_BYTES,
  syncScheduleSchema,
  verificationSchema,
  type ConnectionProvider,
} from '@journey/contracts';
import {
  deleteConnection,
  exchangeRatesStatus,
  findConnection,
  listConnections,
  listSkipped,
  publicVerification,
  requestSync,
  rereadAllSyncs,
  saveConnection,
  saveSettings,
  shortenSyncWaits,
  storeExchangeRates,
} from '@journey/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Context } from '../../trpc/context';
import { fieldError } from '../../trpc/errors';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import { ecbCsvText, EcbFormatError, parseEcbCsv } from '../exchange-rates/ecb-csv';
import { readPrivacy, shownVerification } from '../privacy/shown-figures';
import { fieldOf, subjectFrom } from '../audit/audit-meta';
import { readSettings } from '../settings/read';
import { ConnectionKeyError } from './provider-client';
import { STRIPE_RESTRICTED_KEY_URL } from './providers/stripe';

const tags = ['connections'];

/** Where a provider posts its signed events: the URL the Connections tab shows to paste into its dashboard. */
const webhookUrl = (ctx: Context, provider: ConnectionProvider) =>
  `${ctx.mail.linkOrigin(ctx.req)}/api/webhooks/${provider}`;

const notConnected = (provider: ConnectionProvider) =>
  new TRPCError({ code: 'NOT_FOUND', message: `${CONNECTION_PROVIDER_NAMES[provider]} is not connected.` });

/** Checks the key with the provider itself: wrong, revoked, unable to read or able to write is a 400. */
async function checkKey(ctx: Context, provider: ConnectionProvider, apiKey: string): Promise<void> {
  const client = ctx.connections.clients[provider];
  const name = CONNECTION_PROVIDER_NAMES[provider];
  if (!client) {
    throw new TRPCError({ code: 'NOT_IMPLEMENTED', message: `Connecting ${name} is not available yet.` });
  }
  try {
    await client.checkKey(apiKey);
  } catch (error) {
    if (error instanceof ConnectionKeyError) throw fieldError('BAD_REQUEST', 'apiKey', error.message);
    ctx.req.log.warn(
      { provider, reason: error instanceof Error ? error.message : String(error) },
      'key check failed',
    );
    throw new TRPCError({
      code: 'BAD_GATEWAY',
      message: `${name} could not be reached to check the key. Try again in a moment.`,
    });
  }
}

/** docs/decisions/077-provider-connections.md: the payment providers that vouch for the revenue. */
export const connectionsRouter = router({
  /** The tracker's verified line, and open data at /api/public/verification.json. */
  verification: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/public/verification.json',
        tags: ['open data'],
        summary: 'How much of the revenue a payment provider vouches for, and the ledger’s head',
      },
      publicCache: ['revenues', 'connections', 'settings'],
    })
    .input(z.void())
    .output(verificationSchema)
    .query(async ({ ctx }) => {
      const [verification, privacy] = await Promise.all([
        publicVerification(ctx.database.db),
        readPrivacy(ctx),
      ]);
      return shownVerification(verification, privacy);
    }),

  /** The Connections tab: each connection's state, the webhook URLs and Stripe's key form. */
  list: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/connections', tags, summary: 'The provider connections' },
    })
    .input(z.void())
    .output(connectionsOverviewSchema)
    .query(async ({ ctx }) => ({
      connections: await listConnections(ctx.database.db),
      webhookUrls: Object.fromEntries(
        CONNECTION_PROVIDERS.map((provider) => [provider, webhookUrl(ctx, provider)]),
      ) as Record<ConnectionProvider, string>,
      stripeRestrictedKeyUrl: STRIPE_RESTRICTED_KEY_URL,
      exchangeRates: await exchangeRatesStatus(ctx.database.db),
      syncIntervalMinutes: (await readSettings(ctx)).syncIntervalMinutes,
      ...(await listSkipped(ctx.database.db)),
    })),

  /** How often every connection is synced: a setting of the owner's, kept with the others. */
  schedule: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/sync-schedule',
        tags,
        summary: 'How often the providers are synced',
      },
      // Saved in the settings record, whose writes empty its cached reads; none of them shows it.
      changes: ['settings'],
      audit: {
        action: 'connection.schedule-changed',
        detail: ({ input }) => ({ intervalMinutes: fieldOf(input, 'intervalMinutes') }),
      },
    })
    .input(syncScheduleSchema)
    .output(syncScheduleSchema)
    .mutation(async ({ ctx, input }) => {
      const saved = await saveSettings(ctx.database.db, {
        ...(await readSettings(ctx)),
        syncIntervalMinutes: input.intervalMinutes,
      });
      await shortenSyncWaits(ctx.database.db, saved.syncIntervalMinutes * 60_000, ctx.now());
      ctx.connections.wake();
      return { intervalMinutes: saved.syncIntervalMinutes };
    }),

  /**
   * The ECB's rates uploaded by the admin (a server with no way out, or a gap to fill): stored, then
   * every connection reads its history again, so payments left out for want of a rate are counted.
   */
  uploadRates: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/exchange-rates',
        tags,
        summary: 'Upload the ECB’s reference rates (its CSV, or the zip it comes in, as base64)',
      },
      // The rates and the sync jobs are not public; the re-read's entries empty the cache as they land.
      changes: [],
      bodyLimit: Math.ceil((MAX_RATES_FILE_BYTES * 4) / 3) + 1024,
      signedInBeforeBody: true,
      audit: {
        action: 'connection.rates-uploaded',
        detail: ({ output }) => ({ stored: fieldOf(output, 'stored') }),
      },
    })
    .input(exchangeRatesUploadInput)
    .output(exchangeRatesUploadResultSchema)
    .mutation(async ({ ctx, input }) => {
      const bytes = Buffer.from(input.file, 'base64');
      if (bytes.length > MAX_RATES_FILE_BYTES)
        throw fieldError('BAD_REQUEST', 'file', 'The file is larger than 8 MiB.');
      let rates;
      try {
        rates = parseEcbCsv(ecbCsvText(bytes));
      } catch (error) {
        const message = error instanceof EcbFormatError ? error.message : 'The file is not a CSV or a zip.';
        throw fieldError('BAD_REQUEST', 'file', message);
      }
      const stored = await storeExchangeRates(ctx.database.db, rates);
      await rereadAllSyncs(ctx.database.db, ctx.now());
      ctx.connections.wake();
      return { stored, ...(await exchangeRatesStatus(ctx.database.db)) };
    }),

  /** Connects a provider with a read-only key (or replaces its key), and starts the backfill. */
  connect: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/connections/{provider}',
        tags,
        summary: 'Connect a provider with a read-only key; its whole history is synced',
      },
      changes: ['connections'],
      // Never the key or the webhook secret: which provider, and where its entries count.
      audit: {
        action: 'connection.created',
        subject: subjectFrom('connection', 'provider'),
        detail: ({ input }) => ({ source: fieldOf(input, 'source') }),
      },
    })
    .input(connectInput)
    .output(connectionSchema)
    .mutation(async ({ ctx, input }) => {
      await checkKey(ctx, input.provider, input.apiKey);
      if (await findConnection(ctx.database.db, input.provider)) ctx.auditNote.action = 'connection.updated';
      const { box } = ctx.connections;
      const saved = await saveConnection(ctx.database.db, {
        provider: input.provider,
        source: input.source,
        apiKeySealed: box.seal(input.apiKey),
        webhookSecretSealed: input.webhookSecret === null ? null : box.seal(input.webhookSecret),
        now: ctx.now(),
      });
      ctx.connections.wake();
      return saved;
    }),

  /** 'Sync now': queues a run, or another right after the one under way. */
  sync: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/connections/{provider}/sync',
        tags,
        summary: 'Sync now (202; also while a sync is running)',
      },
      successStatus: 202,
      changes: ['connections'],
      audit: { action: 'connection.synced', subject: subjectFrom('connection', 'provider') },
    })
    .input(connectionProviderInput)
    .output(connectionSchema)
    .mutation(async ({ ctx, input }) => {
      const found = await findConnection(ctx.database.db, input.provider);
      if (!found) throw notConnected(input.provider);
      await requestSync(ctx.database.db, input.provider, ctx.now());
      ctx.connections.wake();
      return found;
    }),

  /** Forgets the key and the webhook secret; the entries already synced stay. */
  disconnect: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/connections/{provider}',
        tags,
        summary: 'Disconnect a provider; its synced entries stay',
      },
      successStatus: 204,
      changes: ['connections'],
      audit: { action: 'connection.deleted', subject: subjectFrom('connection', 'provider') },
    })
    .input(connectionProviderInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteConnection(ctx.database.db, input.provider))) throw notConnected(input.provider);
    }),
});
