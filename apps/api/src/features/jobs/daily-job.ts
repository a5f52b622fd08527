import type { FastifyInstance } from 'fastify';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `job` once the server is ready and then daily (the audit trail's retention, the erasure of
 * never-confirmed sign-ups). A failure is logged as `failed` and tried again the next day; it never
 * stops the server. `job` answers how many rows it removed, logged as `done` when any were.
 */
export function scheduleDailyJob(
  app: FastifyInstance,
  job: { run: () => Promise<number>; done: string; failed: string },
): void {
  const once = async () => {
    try {
      const gone = await job.run();
      if (gone > 0) app.log.info({ rows: gone }, job.done);
    } catch (error) {
      app.log.warn({ err: error }, job.failed);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void once();
    timer = setInterval(() => void once(), DAY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
