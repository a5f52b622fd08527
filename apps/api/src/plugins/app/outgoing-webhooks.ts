import { releaseWebhookClaims } from '@journey/db';
import fp from 'fastify-plugin';
import type { OutgoingWebhooks } from '../../features/webhooks/service';
import { WEBHOOK_RETRY_DELAYS_MS, startWebhookWorker } from '../../features/webhooks/worker';

/**
 * The owner's outgoing webhooks (docs/decisions/091-outgoing-webhooks.md): this process's delivery
 * worker, stopped with the server before the database closes.
 */
export default fp<{ retryDelaysMs?: readonly number[] }>(
  async (app, options) => {
    const { config, database, now } = app;
    // A PGlite directory is this process's alone: a lease found in it is a dead process's.
    if (database.driver === 'pglite') {
      const released = await releaseWebhookClaims(database.db, now());
      if (released > 0) app.log.warn({ released }, 'webhook deliveries cut short by a crash go again');
    }
    const worker = startWebhookWorker({
      db: database.db,
      box: app.secretBox,
      now,
      log: app.log.child({ component: 'webhooks' }),
      allowPrivate: config.webhooksAllowPrivate,
      retryDelaysMs: options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS,
    });
    app.addHook('onClose', () => worker.stop());
    app.decorate('outgoingWebhooks', {
      allowPrivate: config.webhooksAllowPrivate,
      wake: worker.wake,
    } satisfies OutgoingWebhooks);
  },
  { name: 'outgoing-webhooks', dependencies: ['config', 'database', 'secret-box'] },
);
