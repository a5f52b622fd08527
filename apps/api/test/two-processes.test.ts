/**
 * Two server processes on one PostgreSQL database: sessions and cached public answers hold across
 * them. PostgreSQL only (PGlite is one process by design): runs in the PostgreSQL run, skipped in the
 * PGlite run.
 */
import { createDatabase, type DatabaseHandle } from '@journey/db';
import { testDatabaseUrl } from '@journey/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMilestone, msUntilSeen, waitForCacheServing } from './support/cache-probe';
import { http, registerAdmin, revenueEntry, waitFor } from './support/http';
import { useServerProcesses, type ServerProcess } from './support/server-process';

/** The promised bound for a write on one process to show on the other. */
const MAX_STALE_MS = 1_000;

if (!testDatabaseUrl())
  console.log('two-processes test: runs in the PostgreSQL run only (TEST_DATABASE_URL)');

describe.runIf(testDatabaseUrl() !== undefined)('two server processes on one PostgreSQL', () => {
  const processes = useServerProcesses();
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  /** Writes from outside both servers, as psql would make them. */
  let outside: DatabaseHandle;
  let cookie: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([processes.start(), processes.start()]);
    const url = processes.database().env.DATABASE_URL;
    if (!url) throw new Error('expected a PostgreSQL database');
    outside = await createDatabase({ driver: 'postgres', url, maxConnections: 1 });
    cookie = await registerAdmin(a.base);
  }, 120_000);

  afterAll(async () => {
    await outside?.close();
  });

  const servers = () => {
    if (!a || !b) throw new Error('servers not started');
    return { a: a.base, b: b.base };
  };

  it('accepts on one process the session made on the other', async () => {
    const me = await http(servers().b, 'GET', '/api/user', { cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'founder' });
  });

  it('shows a write on one process in the cached answers of the other within 1 s', async () => {
    const { a: onA, b: onB } = servers();
    await waitForCacheServing(onB, outside);
    const first = await http(onB, 'GET', '/api/revenue');
    const second = await http(onB, 'GET', '/api/revenue');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    const before = (first.body as { totalRevenue: string }).totalRevenue;

    const write = await http(onA, 'POST', '/api/revenue', { body: revenueEntry('250.00'), cookie });
    expect(write.status).toBe(201);
    const seenAfterMs = await waitFor(
      'the write on A in B’s totals',
      async () =>
        ((await http(onB, 'GET', '/api/revenue')).body as { totalRevenue: string }).totalRevenue !== before,
      { timeoutMs: MAX_STALE_MS, everyMs: 50 },
    );
    const after = await http(onB, 'GET', '/api/revenue');
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'));
    console.log(`two-processes test: a write on A seen on B after ${Math.round(seenAfterMs)} ms`);
  });

  it('shows a write made with SQL, by no server, in both processes’ cached answers within 1 s', async () => {
    const { a: onA, b: onB } = servers();
    await Promise.all([waitForCacheServing(onA, outside), waitForCacheServing(onB, outside)]);
    await insertMilestone(outside, 'Written with psql');
    const [onAMs, onBMs] = await Promise.all([
      msUntilSeen(onA, 'Written with psql'),
      msUntilSeen(onB, 'Written with psql'),
    ]);
    console.log(
      `two-processes test: a psql write seen after ${Math.round(onAMs)} ms on A, ${Math.round(onBMs)} ms on B`,
    );
  });
});
