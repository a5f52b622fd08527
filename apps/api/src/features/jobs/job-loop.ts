import type { FastifyBaseLogger } from 'fastify';

/** How often an idle worker looks for work another process queued (its own writes wake it at once). */
const IDLE_POLL_MS = 2_000;
/** After a database failure, before the next try. */
const ERROR_PAUSE_MS = 5_000;

export interface JobLoop {
  /** Work was queued: an idle loop looks now instead of at its next poll. */
  wake(): void;
  /** Ends the loop after the turn in flight. */
  stop(): Promise<void>;
  /** True once `stop` was called: a long turn checks it between its steps. */
  readonly stopped: boolean;
}

/**
 * The loop of a durable-job worker of this process (the mail queue, the provider syncs): `turn` claims
 * and does one job, answering false when none was due; the loop then waits for the next poll or a
 * wake. A turn that throws is logged and tried again after a pause, never ending the loop. `holdMs`
 * is a wait before each turn that a wake does not cut short (the mail's sending rate); a stop does.
 */
export function startJobLoop(options: {
  log: FastifyBaseLogger;
  /** Who failed, in the log: 'the mail worker'. */
  name: string;
  turn: () => Promise<boolean>;
  holdMs?: () => number;
}): JobLoop {
  let stopped = false;
  let holding = false;
  let wakeUp: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  async function run(): Promise<void> {
    while (!stopped) {
      try {
        const hold = options.holdMs?.() ?? 0;
        if (hold > 0) {
          holding = true;
          await pause(hold).finally(() => (holding = false));
          if (stopped) break;
        }
        if (!(await options.turn()) && !stopped) await pause(IDLE_POLL_MS);
      } catch (error) {
        if (stopped) break;
        options.log.error({ err: error }, `${options.name} failed; trying again shortly`);
        await pause(ERROR_PAUSE_MS);
      }
    }
  }

  const running = run();
  return {
    wake: () => {
      if (!holding) wakeUp?.();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
    },
    get stopped() {
      return stopped;
    },
  };
}
