/**
 * SIGTERM during a burst of writes, on the real server process: it stops taking connections, answers
 * what is in flight, closes the database and exits 0. Runs on PGlite and, in the PostgreSQL run, on
 * PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { registerAdmin } from './support/http';
import { useServerProcesses } from './support/server-process';
import { startWriteBurst, storedRevenue, writesUnderWay } from './support/write-burst';

/** The promised bound from the signal to the exit. */
const MAX_EXIT_MS = 10_000;

describe('SIGTERM during a burst of writes', () => {
  const processes = useServerProcesses();

  it('answers the writes in flight, exits 0 within 10 s, and loses no acknowledged write', async () => {
    let server = await processes.start();
    const cookie = await registerAdmin(server.base);
    const burst = startWriteBurst(server.base, cookie);
    await writesUnderWay(burst);
    const signalAt = performance.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    // The workers keep writing a moment longer: refused connections, never a wrong answer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await burst.stop();
    const output = server.output();

    expect({ code: exit.code, signal: exit.signal }, output).toEqual({ code: 0, signal: null });
    expect(exit.at - signalAt, output).toBeLessThan(MAX_EXIT_MS);
    // Every answer was a success; requests after the close got no connection at all.
    expect(burst.refused, output).toEqual([]);
    const inFlight = burst.acknowledged.filter(
      (write) => write.sentAt < signalAt && write.answeredAt >= signalAt,
    );
    // Requests in flight when the signal came were answered, not dropped.
    expect(inFlight.length).toBeGreaterThan(0);
    console.log(
      `shutdown test (${processes.database().driver}): exit ${Math.round(exit.at - signalAt)} ms after SIGTERM; ` +
        `${burst.acknowledged.length} writes acknowledged (${inFlight.length} in flight at the signal), ` +
        `${burst.unanswered} unanswered`,
    );

    server = await processes.start();
    const stored = await storedRevenue(server.base, cookie);
    const lost = burst.acknowledged.filter((write) => !stored.ids.has(write.id));
    expect(lost).toEqual([]);
    expect(stored.totalCents).toBe(stored.sumCents);
  }, 120_000);
});
