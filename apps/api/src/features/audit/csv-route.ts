import { Readable } from 'node:stream';
import { AUDIT_CSV_COLUMNS, AUDIT_CSV_PATH, auditFilterInput } from '@journey/contracts';
import { eachAuditEventBatch } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import { csvRows } from '../../http/csv';
import { fieldError } from '../../trpc/errors';
import { auditQueryOf, shownAuditEvent } from './query';

/**
 * 'Download CSV' of the Activity view: every row the filters match, newest first, streamed in
 * batches, with the list's columns (docs/decisions/088-audit-trail.md). Signed-in owner only.
 */
export default async function auditCsv(app: FastifyInstance) {
  const { database } = app;
  app.get(AUDIT_CSV_PATH, { preHandler: app.authenticate }, async (request, reply) => {
    const parsed = auditFilterInput.safeParse(request.query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fieldError('BAD_REQUEST', String(issue?.path[0] ?? 'query'), issue?.message ?? 'Invalid filter.');
    }
    const query = auditQueryOf(parsed.data);
    async function* lines() {
      yield csvRows([[...AUDIT_CSV_COLUMNS]]);
      for await (const batch of eachAuditEventBatch(database.db, query)) {
        yield csvRows(
          batch
            .map(shownAuditEvent)
            .map((row) => [
              row.id,
              row.at,
              row.action,
              row.actor,
              row.ip ?? '',
              row.sessionId ?? '',
              row.subject ?? '',
              JSON.stringify(row.detail),
            ]),
        );
      }
    }
    const day = app.now().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(lines()));
  });
}
