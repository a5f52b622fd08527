import type { Backend } from '../fixtures/stores';
import { step } from '../lib/log';
import { startAppServer } from '../server/app-server';

export interface StartupResult {
  /** Milliseconds to the first 200 on `/` on a new DATA_DIR or an empty database (initdb, migrations, seed). */
  fresh: number[];
  /** The same on a store an earlier start already set up. */
  existing: number[];
}

/** `root`: the checkout whose build starts. */
export async function measureStartup(backend: Backend, runs: number, root: string): Promise<StartupResult> {
  const store = await backend.newStore();
  try {
    const result: StartupResult = { fresh: [], existing: [] };
    for (let run = 0; run < runs; run++) {
      if (run > 0) await store.reset();
      const server = await startAppServer(store.env, { root });
      result.fresh.push(server.readyMs);
      await server.stop();
      step(`start-up on a new store ${run + 1}/${runs}: ${Math.round(server.readyMs)} ms`);
    }
    for (let run = 0; run < runs; run++) {
      const server = await startAppServer(store.env, { root });
      result.existing.push(server.readyMs);
      await server.stop();
      step(`start-up on an existing store ${run + 1}/${runs}: ${Math.round(server.readyMs)} ms`);
    }
    return result;
  } finally {
    await store.dispose();
  }
}
