import type { ChildProcess } from 'node:child_process';
import { step } from './log';

type Task = () => Promise<void> | void;

const tasks = new Set<Task>();
const children = new Set<ChildProcess>();

/** Registers an undo step (stop a server, drop a database, remove a directory); returns its unregister. */
export function onCleanup(task: Task): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

/** Children still alive when the process exits anyway (an uncaught error) are killed synchronously. */
export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** Runs the registered steps newest first; a failing step is reported and the others still run. */
export async function runCleanup(): Promise<void> {
  const pending = [...tasks].reverse();
  tasks.clear();
  for (const task of pending) {
    try {
      await task();
    } catch (error) {
      step(`cleanup step failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * Runs an entry point so that servers, temporary directories and databases are removed
 * on success, on an error and on Ctrl-C alike.
 */
export async function runMain(main: () => Promise<void>): Promise<void> {
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    step(`${signal}: cleaning up`);
    void runCleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  try {
    await main();
  } catch (error) {
    if (!interrupted) {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    }
  } finally {
    if (!interrupted) await runCleanup();
  }
}
