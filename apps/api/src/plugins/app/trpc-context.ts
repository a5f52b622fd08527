import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loginRateChecker, type LoginRateLimit } from '../../features/auth/login-rate-limit';
import { openPlaceLookup } from '../../features/auth/place-lookup';
import type { RegisterRateLimit } from '../../features/auth/register-rate-limit';
import type { SignupRateLimit } from '../../features/subscribers/signup-rate-limit';
import { ipRateChecker } from '../../http/ip-rate-limit';
import { contextFactory, type Context } from '../../trpc/context';

declare module 'fastify' {
  interface FastifyInstance {
    /** A procedure call's context for a request: tRPC, the REST adapter and server rendering share it. */
    createTrpcContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Context;
  }
}

export default fp<{
  loginRateLimit: LoginRateLimit;
  signupRateLimit: SignupRateLimit;
  registerRateLimit: RegisterRateLimit;
}>(
  async (app, options) => {
    const createContext = contextFactory({
      config: app.config,
      database: app.database,
      publicCache: app.publicCache,
      now: app.now,
      mail: app.mail,
      audit: app.audit,
      connections: app.connections,
      placeOf: await openPlaceLookup(app.config.geoipDatabase),
      checkSignupRate: ipRateChecker(app, 'signup', options.signupRateLimit),
      checkLoginRate: loginRateChecker(app, options.loginRateLimit),
      checkRegisterRate: ipRateChecker(app, 'register', options.registerRateLimit),
    });
    app.decorate('createTrpcContext', createContext);
  },
  {
    name: 'trpc-context',
    dependencies: ['config', 'database', 'public-cache', 'rate-limit', 'mail', 'audit', 'connections'],
  },
);
