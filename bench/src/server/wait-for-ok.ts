import { setTimeout as sleep } from 'node:timers/promises';

const POLL_INTERVAL_MS = 10;

/**
 * Polls `url` until it answers 200, so start-up is timed to the first page a visitor could get.
 * `stillRunning` lets a crashed server fail the wait at once instead of at the deadline.
 */
export async function waitForOk(
  url: string,
  options: { timeoutMs: number; stillRunning: () => string | null },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const failure = options.stillRunning();
    if (failure) throw new Error(failure);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    }
    await sleep(POLL_INTERVAL_MS);
  }
  throw new Error(`${url} did not answer 200 within ${options.timeoutMs / 1000} s (last: ${last})`);
}
