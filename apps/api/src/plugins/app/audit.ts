import fp from 'fastify-plugin';
import { createAuditTrail, type AuditTrail } from '../../features/audit/audit-trail';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditTrail;
  }
}

/** The audit trail (docs/decisions/088-audit-trail.md), for procedures, routes and jobs alike. */
export default fp(
  async (app) => {
    app.decorate('audit', createAuditTrail(app.database.db, app.log.child({ component: 'audit' })));
  },
  { name: 'audit', dependencies: ['database'] },
);
