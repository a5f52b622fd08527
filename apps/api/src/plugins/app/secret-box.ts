import fp from 'fastify-plugin';
import { SecretBox } from '../../features/connections/secret-box';
import { sessionSecret } from '../external/session-secret';

declare module 'fastify' {
  interface FastifyInstance {
    /** AES-GCM under the server's secret: provider keys, TOTP secrets, security notices' links. */
    secretBox: SecretBox;
  }
}

/** One secret box for the process (docs/decisions/077-provider-connections.md), previous secrets included. */
export default fp(
  async (app) => {
    const { config } = app;
    const secret = await sessionSecret(config.sessionSecret, config.dataDir);
    app.decorate('secretBox', new SecretBox(secret, config.connections.previousSecrets));
  },
  { name: 'secret-box', dependencies: ['config'] },
);
