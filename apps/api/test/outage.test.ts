/**
 * PostgreSQL goes away under a running server and comes back. Runs in the PostgreSQL run
 * (TEST_DATABASE_URL set); it needs the PostgreSQL binaries, which CI must have.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type DatabaseHandle } from '@journey/db';
import { testDatabaseUrl } from '@journey/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildServer } from '../src/server';
import { insertMilestone, msUntilSeen, waitForCacheServing } from './support/cache-probe';
import { http, registerAdmin, revenueEntry, UNAVAILABLE, waitFor } from './support/http';
import {
  postgresBinariesOrSkip,
  startPrivatePostgres,
  type PrivatePostgres,
} from './support/private-postgres';

const runs = testDatabaseUrl() !== undefined && postgresBinariesOrSkip('outage test');
if (!testDatabaseUrl()) console.log('outage test: runs in the PostgreSQL run only (TEST_DATABASE_URL)');

/** Every answer while the database is down must come within this. */
const MAX_ANSWER_MS = 5_000;
/** How long the database stays down while the test asks. */
const DOWN_MS = 3_000;

describe.runIf(runs)('when PostgreSQL stops and starts again under a running server', () => {
  let cluster: PrivatePostgres;
  let app: FastifyInstance;
  let base: string;
  let cookie: string;
  /** Writes from outside the server, as psql would make them. */
  let outside: DatabaseHandle;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: cluster.url,
      SESSION_SECRET: 'test-secret-that-is-long-enough-for-signing-cookies',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'journey-outage-')),
      WEB_DIST_DIR: path.join(os.tmpdir(), 'journey-no-web-app'),
    });
    app = await buildServer(config, { logger: false });
    base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
    cookie = await registerAdmin(base);
    outside = await createDatabase({ driver: 'postgres', url: cluster.url, maxConnections: 1 });
  });

  afterAll(async () => {
    await outside?.close();
    await app?.close();
    await cluster?.destroy();
  });

  it('answers 503 fast while it is down, and serves again from the same process once it is back', async () => {
    const write = await http(base, 'POST', '/api/revenue', { body: revenueEntry('100.00'), cookie });
    expect(write.status).toBe(201);
    const warm = await http(base, 'GET', '/api/revenue');
    expect(warm.body).toMatchObject({ totalRevenue: '100.00' });

    await cluster.stop();
    const down = {
      'GET /api/revenue': () => http(base, 'GET', '/api/revenue'),
      'GET /api/milestones': () => http(base, 'GET', '/api/milestones'),
      'GET /api/experiments': () => http(base, 'GET', '/api/experiments'),
      'GET /api/user': () => http(base, 'GET', '/api/user', { cookie }),
      'POST /api/revenue': () => http(base, 'POST', '/api/revenue', { body: revenueEntry(), cookie }),
      'GET /readyz': () => http(base, 'GET', '/readyz'),
    };
    let slowestMs = 0;
    // For 3 s: the first requests meet dropped connections, the next ones refused connections, and
    // the driver's reconnection attempts pile up (its default backoff would make them wait 20 s).
    const downSince = performance.now();
    let rounds = 0;
    while (performance.now() - downSince < DOWN_MS || rounds < 2) {
      rounds += 1;
      for (const [name, request] of Object.entries(down)) {
        const answer = await request();
        expect({ name, status: answer.status, body: answer.body }).toEqual({
          name,
          status: 503,
          body: UNAVAILABLE,
        });
        expect(answer.ms, name).toBeLessThan(MAX_ANSWER_MS);
        slowestMs = Math.max(slowestMs, answer.ms);
      }
      const trpc = await http(base, 'GET', '/api/trpc/milestones.list');
      expect(trpc.status).toBe(503);
      expect(trpc.body).toMatchObject({ error: { message: UNAVAILABLE.message } });
      expect(trpc.ms).toBeLessThan(MAX_ANSWER_MS);
      const health = await http(base, 'GET', '/healthz');
      expect(health.status).toBe(200);
    }

    await cluster.start();
    const readyAfterMs = await waitFor(
      '/readyz 200 after the restart',
      async () => (await http(base, 'GET', '/readyz')).status === 200,
      {
        timeoutMs: 15_000,
      },
    );
    expect((await http(base, 'GET', '/api/user', { cookie })).status).toBe(200);
    expect((await http(base, 'POST', '/api/revenue', { body: revenueEntry('5.00'), cookie })).status).toBe(
      201,
    );
    expect((await http(base, 'GET', '/api/revenue')).body).toMatchObject({ totalRevenue: '105.00' });

    // The cache is back on (a write that notifies no one stays unseen), and a write from outside the
    // server, with its notification, empties it within a second.
    await waitForCacheServing(base, outside);
    await insertMilestone(outside, 'Loud');
    const seenAfterMs = await msUntilSeen(base, 'Loud');
    console.log(
      `outage test: ${rounds} rounds of requests down, slowest 503 ${Math.round(slowestMs)} ms; ready ${Math.round(readyAfterMs)} ms after ` +
        `the restart; a psql write seen after ${Math.round(seenAfterMs)} ms`,
    );
  });
});
