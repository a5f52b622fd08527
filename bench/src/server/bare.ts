import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { onCleanup, trackChild } from '../lib/cleanup';
import { benchDir } from '../lib/paths';
import type { CannedResponse } from './canned';

export interface BareServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const program = fileURLToPath(new URL('./bare-server.ts', import.meta.url));

/** Starts the bare server child and hands it the responses to replay. */
export async function startBareServer(responses: CannedResponse[]): Promise<BareServer> {
  // `--import tsx` is resolved from the bench package, which depends on tsx.
  const child = fork(program, [], { cwd: benchDir, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  trackChild(child);
  const stop = async () => {
    unregister();
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  const unregister = onCleanup(stop);
  child.send(responses);
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => {
      throw new Error('the bare server exited before listening');
    }),
  ])) as [{ port: number }];
  if (child.pid === undefined) throw new Error('the bare server has no pid');
  return { url: `http://127.0.0.1:${message.port}`, pid: child.pid, stop };
}
