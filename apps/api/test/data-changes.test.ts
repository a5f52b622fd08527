import { schema } from '@journey/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicCache, type FreshResponse } from '../src/http/public-cache';
import { waitFor } from './support/http';
import { call, startTestServer, type TestServer } from './helpers';

describe('a write that bypasses the API (SQL on the same database)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('empties the cached public answers through the database notification', async () => {
    const titles = async () =>
      ((await call(server.app, 'GET', '/api/milestones')).json() as { title: string }[]).map((m) => m.title);
    expect(await titles()).toEqual([]);
    await server.db.insert(schema.milestones).values({
      title: 'Written with SQL',
      description: 'Not through the API',
      date: new Date('2025-01-01T00:00:00Z'),
      day: 1,
    });
    await waitFor(
      'the SQL write in GET /api/milestones',
      async () => (await titles()).includes('Written with SQL'),
      // A hang guard: the 1 s promise is timed in the slow suite's two-processes.test.ts (decision 058).
      { timeoutMs: 30_000, everyMs: 20 },
    );
  });
});

describe('PublicCache', () => {
  const fresh = (text: string): FreshResponse => ({
    status: 200,
    contentType: 'text/plain',
    body: Buffer.from(text),
  });

  it('keeps nothing while suspended, and starts empty when resumed', async () => {
    const cache = new PublicCache({ suspended: true });
    let produced = 0;
    const produce = async () => fresh(`answer ${++produced}`);
    expect((await cache.get('k', produce)).body.toString()).toBe('answer 1');
    expect((await cache.get('k', produce)).body.toString()).toBe('answer 2');
    cache.resume();
    expect((await cache.get('k', produce)).body.toString()).toBe('answer 3');
    expect((await cache.get('k', produce)).body.toString()).toBe('answer 3');
    cache.suspend();
    expect((await cache.get('k', produce)).body.toString()).toBe('answer 4');
    cache.resume();
    expect((await cache.get('k', produce)).body.toString()).toBe('answer 5');
  });
});
