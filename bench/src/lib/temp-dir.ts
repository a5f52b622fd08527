import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup';

export interface TempDir {
  path: string;
  remove(): Promise<void>;
}

/** A fresh directory under the system temp dir, removed at the latest when the run ends. */
export async function makeTempDir(prefix: string): Promise<TempDir> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `journey-bench-${prefix}-`));
  const remove = async () => {
    unregister();
    await rm(dir, { recursive: true, force: true });
  };
  const unregister = onCleanup(remove);
  return { path: dir, remove };
}
