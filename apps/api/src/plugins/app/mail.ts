import { releaseAllClaims } from '@journey/db';
import fp from 'fastify-plugin';
import type { MailService } from '../../features/newsletter/mail-service';
import { readSettings } from '../../features/settings/read';
import { startMailWorker } from '../../features/newsletter/worker';
import { createMailTransport } from '../../features/newsletter/transport';
import { endSessionUrl } from '../../features/security-mail/end-session-link';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** The first retry of a temporarily failed message waits this long; tests shorten it. */
export const DEFAULT_MAIL_RETRY_BASE_MS = 30_000;

/**
 * The mail transport (SMTP or the outbox) and this process's send worker, stopped with the server
 * before the database closes: a message in flight is sent and marked first.
 */
export default fp<{ retryBaseMs?: number }>(
  async (app, options) => {
    const { config, database, now } = app;
    const transport = createMailTransport(config.mail, database.db, now);
    // A PGlite directory is this process's alone: a claim left in it is a dead process's (see releaseAllClaims).
    if (database.driver === 'pglite') {
      const released = await releaseAllClaims(database.db);
      if (released > 0) app.log.warn({ released }, 'mail claimed before a crash is queued again');
    }
    const worker = startMailWorker({
      db: database.db,
      transport,
      config: config.mail,
      now,
      log: app.log.child({ component: 'mail' }),
      siteName: async () => (await readSettings({ config, database, now })).siteName,
      retryBaseMs: options.retryBaseMs ?? DEFAULT_MAIL_RETRY_BASE_MS,
      endSessionUrl: (origin, target) => endSessionUrl(app.secretBox, origin, target, now()),
    });
    app.addHook('onClose', async () => {
      await worker.stop();
      transport.close();
    });
    app.decorate('mail', {
      delivery: transport.delivery,
      wake: worker.wake,
      linkOrigin: (request) => config.publicUrl ?? `${request.protocol}://${request.host}`,
    } satisfies MailService);
  },
  { name: 'mail', dependencies: ['config', 'database', 'secret-box'] },
);
