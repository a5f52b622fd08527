import { Readable } from 'node:stream';
import { eachSubscriberBatch } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import { csvRows } from '../http/csv';

export const SUBSCRIBERS_CSV_PATH = '/api/admin/subscribers.csv';

/** 'Export CSV': every subscriber, streamed in batches, for the signed-in admin only. */
export default async function subscriberExport(app: FastifyInstance) {
  const { database } = app;
  app.get(SUBSCRIBERS_CSV_PATH, { preHandler: app.authenticate }, async (_request, reply) => {
    async function* lines() {
      yield csvRows([['email', 'consent', 'subscribed_on', 'status', 'confirmed_on', 'consent_version']]);
      for await (const batch of eachSubscriberBatch(database.db)) {
        yield csvRows(
          batch.map((s) => [
            s.email,
            s.consent,
            s.createdAt,
            s.status,
            s.confirmedAt ?? '',
            s.consentVersion,
          ]),
        );
      }
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="subscribers-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(lines()));
  });
}
