/**
 * `kill -9` of the server during a burst of writes on the embedded PGlite database, three times over:
 * each restart opens the database, and every write acknowledged before a kill is there. PGlite only
 * (PostgreSQL's own crash safety is not this project's to prove); skipped in the PostgreSQL run.
 */
import { testDatabaseUrl } from '@journey/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAdmin } from './support/http';
import {
  killServerProcess,
  serverDatabase,
  startServerProcess,
  type ServerDatabase,
  type ServerProcess,
} from './support/server-process';
import { startWriteBurst, storedRevenue, writesUnderWay, type Acknowledged } from './support/write-burst';

const KILLS = 3;

if (testDatabaseUrl())
  console.log('crash test: runs in the PGlite run only (it kills the embedded database)');

describe.skipIf(testDatabaseUrl() !== undefined)('kill -9 during a burst of writes on PGlite', () => {
  let database: ServerDatabase;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    database = await serverDatabase();
  }, 60_000);
  afterAll(async () => {
    await killServerProcess(server);
    await database?.cleanup();
  });

  it(`reopens after each of ${KILLS} kills with every acknowledged write and exact totals`, async () => {
    server = await startServerProcess(database.env);
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
      server = await startServerProcess(database.env);
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
