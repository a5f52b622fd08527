import type { ErrorBody } from '@journey/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { currentUser, SIGN_IN_REQUIRED_MESSAGE } from '../../features/auth/current-user';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pre-handler of every plain route for the signed-in admin only (tRPC has protectedProcedure). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
    /**
     * The same check as an onRequest hook, before the body is read: a route that takes a large body
     * (the CSV import) costs an anonymous caller nothing but this check, and the connection is closed
     * rather than drained (docs/decisions/054-imports-as-providers-write-them.md).
     */
    authenticateBeforeBody: (
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<FastifyReply | undefined>;
  }
}

export default fp(
  async (app) => {
    const refuse = (reply: FastifyReply) =>
      reply.status(401).send({ message: SIGN_IN_REQUIRED_MESSAGE } satisfies ErrorBody);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      if (await currentUser(request, app.database.db)) return undefined;
      return refuse(reply);
    });
    app.decorate('authenticateBeforeBody', async (request: FastifyRequest, reply: FastifyReply) => {
      if (await currentUser(request, app.database.db)) return undefined;
      return refuse(reply.header('connection', 'close'));
    });
  },
  { name: 'authenticate', dependencies: ['database'] },
);
