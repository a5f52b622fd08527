/**
 * `kill -9` of the server during a burst of writes on the embedded PGlite database, three times over:
 * each restart opens the database, and every write acknowledged before a kill is there. PGlite only
 * (PostgreSQL's own crash safety is not this project's to prove); skipped in the PostgreSQL run.
 */
import { testDatabaseUrl } from '@journey/db/testing';
import { describe, expect, it } from 'vitest';
import { registerAdmin } from './support/http';
import { useServerProcesses } from './support/server-process';
import { startWriteBurst, storedRevenue, writesUnderWay, type Acknowledged } from './support/write-burst';

const KILLS = 3;

if (testDatabaseUrl())
  console.log('crash test: runs in the PGlite run only (it kills the embedded database)');

describe.skipIf(testDatabaseUrl() !== undefined)('kill -9 during a burst of writes on PGlite', () => {
  const processes = useServerProcesses();

  it(`reopens after each of ${KILLS} kills with every acknowledged write and exact totals`, async () => {
    let server = await processes.start();
    const cookie = await registerAdmin(server.base);
    const acknowledged: Acknowledged[] = [];
    for (let kill = 1; kill <= KILLS; kill++) {
      const burst = startWriteBurst(server.base, cookie);
      await writesUnderWay(burst);
      server.child.kill('SIGKILL');
      const exit = await server.exited;
      await burst.stop();
      expect(exit.signal).toBe('SIGKILL');
      acknowledged.push(...burst.acknowledged);

      // Opens (no corruption, no stale lock), and holds every write acknowledged so far.
      server = await processes.start();
      const stored = await storedRevenue(server.base, cookie);
      expect(acknowledged.filter((write) => !stored.ids.has(write.id))).toEqual([]);
      expect(stored.totalCents).toBe(stored.sumCents);
      console.log(
        `crash test, kill ${kill}: ${burst.acknowledged.length} writes acknowledged, ` +
          `${stored.ids.size} stored in all, totals exact`,
      );
    }
  }, 180_000);
});
