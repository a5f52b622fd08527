import fp from 'fastify-plugin';
import { createAuditTrail, type AuditTrail } from '../../features/audit/audit-trail';
import { scheduleAuditPurge } from '../../features/audit/retention';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditTrail;
  }
}

/** The audit trail (docs/decisions/088-audit-trail.md), for procedures, routes and jobs alike. */
export default fp(
  async (app) => {
    app.decorate('audit', createAuditTrail(app.database.db, app.log.child({ component: 'audit' })));
    scheduleAuditPurge(app);
  },
  { name: 'audit', dependencies: ['config', 'database'] },
);
