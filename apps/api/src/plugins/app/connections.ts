import { releaseSyncClaims, rereadAllSyncs, resealConnections } from '@journey/db';
import fp from 'fastify-plugin';
import { lemonSqueezyProvider } from '../../features/connections/providers/lemonsqueezy';
import { paddleProvider } from '../../features/connections/providers/paddle';
import { polarProvider } from '../../features/connections/providers/polar';
import { stripeProvider } from '../../features/connections/providers/stripe';
import type { ConnectionService } from '../../features/connections/connection-service';
import { SealedValueError } from '../../features/connections/secret-box';
import { startSyncWorker } from '../../features/connections/sync-worker';
import { scheduleEcbRates } from '../../features/exchange-rates/ecb-loader';
import { readSettings } from '../../features/settings/read';

declare module 'fastify' {
  interface FastifyInstance {
    connections: ConnectionService;
  }
}

/** The first retry after a failed sync; it doubles with each further failure. Tests shorten it. */
export const DEFAULT_SYNC_RETRY_BASE_MS = 60_000;

/**
 * Payment provider connections (docs/decisions/077-provider-connections.md): the keys' secret box under
 * the server's secret (previous secrets still open, and keys sealed under them are sealed again), the
 * providers' clients on their configured bases, and this process's sync worker, stopped with the
 * server before the database closes.
 */
export default fp<{ retryBaseMs?: number; claimTimeoutMs?: number }>(
  async (app, options) => {
    const { config, database, now } = app;
    const box = app.secretBox;
    const resealed = await resealConnections(database.db, (sealed) => {
      if (!box.needsReseal(sealed)) return null;
      try {
        return box.seal(box.open(sealed));
      } catch (error) {
        if (error instanceof SealedValueError) return null;
        throw error;
      }
    });
    if (resealed > 0) app.log.info({ resealed }, 'provider keys sealed again under the current secret');

    // A PGlite directory is this process's alone: a sync claimed in it is a dead process's, resumed now.
    if (database.driver === 'pglite') {
      const released = await releaseSyncClaims(database.db, now());
      if (released > 0) app.log.warn({ released }, 'a sync cut short by a crash goes on from its cursor');
    }
    const { apiBases } = config.connections;
    const clients: ConnectionService['clients'] = {
      stripe: stripeProvider(apiBases.stripe),
      lemonsqueezy: lemonSqueezyProvider(apiBases.lemonsqueezy),
      paddle: paddleProvider(apiBases.paddle),
      polar: polarProvider(apiBases.polar),
    };
    const worker = startSyncWorker({
      db: database.db,
      box,
      clients,
      now,
      log: app.log.child({ component: 'sync' }),
      intervalMs: async () => (await readSettings({ config, database, now })).syncIntervalMinutes * 60_000,
      claimTimeoutMs: options.claimTimeoutMs ?? config.connections.claimTimeoutMs,
      retryBaseMs: options.retryBaseMs ?? DEFAULT_SYNC_RETRY_BASE_MS,
      onEntriesChanged: () => app.publicCache.invalidate(['revenues']),
    });
    app.addHook('onClose', () => worker.stop());
    // Payments settled in another currency than USD are converted at the ECB's rates of their day.
    const { ecbRatesUrl } = config.connections;
    if (ecbRatesUrl) {
      const rates = scheduleEcbRates({
        db: database.db,
        url: ecbRatesUrl,
        now,
        log: app.log,
        onFirstRates: async () => {
          await rereadAllSyncs(database.db, now());
          worker.wake();
        },
      });
      app.addHook('onClose', () => rates.stop());
    }
    app.decorate('connections', { box, clients, wake: worker.wake } satisfies ConnectionService);
  },
  { name: 'connections', dependencies: ['config', 'database', 'public-cache', 'secret-box'] },
);
