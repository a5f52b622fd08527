import { Readable } from 'node:stream';
import type { ErrorBody } from '@journey/contracts';
import { eachSubscriberBatch, type DatabaseHandle } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/current-user';
import { csvRow } from './csv';

export const SUBSCRIBERS_CSV_PATH = '/api/admin/subscribers.csv';

/** 'Export CSV': every subscriber, streamed in batches, for the signed-in admin only. */
export function registerSubscriberExport(app: FastifyInstance, database: DatabaseHandle) {
  app.get(SUBSCRIBERS_CSV_PATH, async (request, reply) => {
    if (!(await currentUser(request, database.db))) {
      return reply.status(401).send({ message: 'You must be signed in.' } satisfies ErrorBody);
    }
    async function* lines() {
      yield csvRow(['email', 'consent', 'subscribed_on']);
      for await (const batch of eachSubscriberBatch(database.db)) {
        yield batch.map((s) => csvRow([s.email, s.consent, s.createdAt])).join('');
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
