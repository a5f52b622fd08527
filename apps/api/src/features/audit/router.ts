import { auditListInput, auditPageSchema } from '@journey/contracts';
import { listAuditEvents } from '@journey/db';
import { protectedProcedure, router } from '../../trpc/init';
import { auditQueryOf, shownAuditEvent } from './query';

/**
 * The owner's audit trail, read only (docs/decisions/088-audit-trail.md): there is no procedure that
 * writes it; rows come only from ctx.audit.record. Its CSV is the route in ./csv-route.ts.
 */
export const auditRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/audit',
        tags: ['audit'],
        summary: 'The audit trail, newest first, a page at a time',
        description:
          '`action` is an action (`revenue.created`) or a group (sign-in, factors, sessions, settings, connections, newsletter, imports, revenue, costs, milestones, experiments); `from` and `to` are UTC days, both included. Pass `nextCursor` back as `cursor` for the next page.',
      },
    })
    .input(auditListInput)
    .output(auditPageSchema)
    .query(async ({ ctx, input }) => {
      const { cursor, limit, ...filter } = input;
      const page = await listAuditEvents(ctx.database.db, { ...auditQueryOf(filter), cursor, limit });
      return { rows: page.rows.map(shownAuditEvent), nextCursor: page.nextCursor };
    }),
});
