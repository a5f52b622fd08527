import fp from 'fastify-plugin';
import { scheduleDigestDrafting } from '../../features/newsletter-digest/job';
import { scheduleUnconfirmedErasure } from '../../features/subscribers/erasure';

/**
 * The newsletter's daily upkeep: never-confirmed sign-ups erased (docs/decisions/094-list-hygiene.md),
 * last month's digest drafted for the owner to approve (docs/decisions/097-automatic-mail.md).
 */
export default fp(
  async (app) => {
    scheduleUnconfirmedErasure(app);
    scheduleDigestDrafting(app);
  },
  {
    name: 'list-hygiene',
    dependencies: ['config', 'database'],
  },
);
