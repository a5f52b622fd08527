import { readProcessMemory, type ProcessMemory } from '../server/proc-status';
import type { AppServer } from '../server/app-server';
import { READS } from './endpoints';
import { runLoad, type LoadResult, type LoadSettings } from './load';

export interface MemoryResult {
  /** Right after start-up and the first page. */
  idle: ProcessMemory;
  /** After the read mix. */
  loaded: ProcessMemory;
  load: LoadResult;
}

/** The server's RSS after a sustained read mix (each connection cycles through the four reads). */
export async function measureMemory(app: AppServer, settings: LoadSettings): Promise<MemoryResult> {
  const idle = await readProcessMemory(app.pid);
  const load = await runLoad(
    { baseUrl: app.url, requests: READS.map(({ method, path }) => ({ method, path })) },
    settings,
  );
  const loaded = await readProcessMemory(app.pid);
  return { idle, loaded, load };
}
