import { CONNECTION_PROVIDERS, type ConnectionProvider, type ErrorBody } from '@journey/contracts';
import { connectionCredentials, recordWebhookEvent, storeSyncedRevenue, webhookEventSeen } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import { WebhookSignatureError } from '../features/connections/provider-client';
import { settleInUsd } from '../features/connections/settle-in-usd';
import { noteSkipped } from '../features/connections/note-skipped';
import { storePeriodsRead } from '../features/connections/periods';

/** A provider's event is small; a larger body is refused before it is read. */
const WEBHOOK_LIMIT_BYTES = 512 * 1024;

const isProvider = (value: string): value is ConnectionProvider =>
  (CONNECTION_PROVIDERS as readonly string[]).includes(value);

/**
 * `POST /api/webhooks/{provider}` (docs/decisions/077-provider-connections.md): a payment provider's
 * signed event, checked on the raw body with the provider's own method under the connection's webhook
 * secret. A bad or missing signature is a 400 and stores nothing; an event for a provider that is not
 * connected is a 2xx that changes nothing; an event already recorded (a redelivery) is a 2xx too. The
 * signature is the authority: no cookie, no session, and no Origin (a provider's server sends it).
 */
export default async function webhooks(app: FastifyInstance) {
  // The signature covers the bytes as sent: the body stays a Buffer here.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post<{ Params: { provider: string } }>('/api/webhooks/:provider', async (request, reply) => {
    const { provider } = request.params;
    if (!isProvider(provider)) {
      return reply.status(404).send({ message: `No webhook for ${provider}.` } satisfies ErrorBody);
    }
    const { db } = app.database;
    const client = app.connections.clients[provider];
    const connection = await connectionCredentials(db, provider);
    if (!client || !connection?.webhookSecretSealed) {
      return reply.status(202).send({ received: true, recorded: false, reason: 'not connected' });
    }
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let event;
    try {
      event = await client.verifyWebhook(
        rawBody,
        request.headers,
        app.connections.box.open(connection.webhookSecretSealed),
      );
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      request.log.warn({ provider }, 'webhook refused: bad signature');
      return reply.status(400).send({ message: error.message } satisfies ErrorBody);
    }
    if (await webhookEventSeen(db, provider, event.id)) {
      return reply.status(200).send({ received: true, recorded: false, reason: 'already recorded' });
    }
    const read = await client.readEvent(app.connections.box.open(connection.apiKeySealed), event);
    const { entries, skipped } = await settleInUsd(db, read.entries);
    // Stored before the event is marked: a failure between the two leaves a redelivery to finish it,
    // and an entry or a period is stored once whatever happens (its provider and transaction or line id).
    const { added, corrected, labelled } = await storeSyncedRevenue(db, {
      provider,
      source: connection.source,
      provenance: 'webhook',
      entries,
    });
    await noteSkipped(db, provider, entries, [...read.skipped, ...skipped], new Date());
    // The periods a payment bills or a refund voids, stored as the sync stores them: MRR moves now.
    const periods = read.periods
      ? await storePeriodsRead(db, request.log, provider, read.periods, new Date())
      : 0;
    await recordWebhookEvent(db, { provider, eventId: event.id, type: event.type });
    if (added + corrected + labelled + periods > 0) app.publicCache.invalidate(['revenues']);
    return reply.status(200).send({ received: true, recorded: true, added, corrected, periods });
  });
}
