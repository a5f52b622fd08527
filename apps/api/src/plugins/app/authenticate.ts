import type { ErrorBody } from '@journey/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { currentUser, SIGN_IN_REQUIRED_MESSAGE } from '../../features/auth/current-user';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pre-handler of every plain route for the signed-in admin only (tRPC has protectedProcedure). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  }
}

export default fp(
  async (app) => {
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      if (await currentUser(request, app.database.db)) return undefined;
      return reply.status(401).send({ message: SIGN_IN_REQUIRED_MESSAGE } satisfies ErrorBody);
    });
  },
  { name: 'authenticate', dependencies: ['database'] },
);
