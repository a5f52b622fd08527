import fp from 'fastify-plugin';
import { scheduleUnconfirmedErasure } from '../../features/subscribers/erasure';

/** The newsletter list's upkeep: never-confirmed sign-ups erased (docs/decisions/094-list-hygiene.md). */
export default fp(async (app) => scheduleUnconfirmedErasure(app), {
  name: 'list-hygiene',
  dependencies: ['config', 'database'],
});
