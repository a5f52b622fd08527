import { schema } from '@journey/db';
import { describe, expect, it } from 'vitest';
import { MAX_TRPC_BATCH } from '@journey/contracts/constants';
import { URI_TOO_LONG_MESSAGE } from '../src/plugins/app/errors';
import { call, useAdminServer } from './helpers';

const admin = useAdminServer();

const deepArray = '['.repeat(100_000) + ']'.repeat(100_000);
const revenue = { amount: '5', source: 'ai', description: 'A fine entry', date: '2024-01-01' };

/** Inputs that reach the database layer if validation lets them through (NUL bytes) or break parsers. */
const CASES: [string, string, string | undefined][] = [
  ['/api/revenue', deepArray, undefined],
  ['/api/trpc/revenue.create', deepArray, undefined],
  ['/api/revenue', JSON.stringify({ ...revenue, description: 'nul \u0000 here' }), 'description'],
  [
    '/api/revenue',
    '{"amount": 1e309, "source": "ai", "description": "hello", "date": "2024-01-01"}',
    'amount',
  ],
  ['/api/revenue', JSON.stringify({ ...revenue, amount: '-0' }), 'amount'],
  ['/api/revenue', JSON.stringify({ ...revenue, date: '2024-01-01T25:61:00Z' }), 'date'],
  ['/api/login', JSON.stringify({ username: 'ab\u0000cd', password: 'secret12' }), 'username'],
  [
    '/api/experiments',
    JSON.stringify({
      title: 'Lab',
      description: 'A good description',
      status: 'Active',
      projectCount: 1,
      imageUrl: '/x\u0000y',
    }),
    'imageUrl',
  ],
  [
    '/api/milestones',
    JSON.stringify({ title: 'Title', description: 'x'.repeat(20), date: '2024-01-01', day: 1e20 }),
    'day',
  ],
  ['/api/subscribers', JSON.stringify({ email: 'a@b.co\u0000', consent: true }), 'email'],
  [
    '/api/register',
    JSON.stringify({ username: '\u0000'.repeat(5), password: 'secret12', email: 'x@y.co' }),
    'username',
  ],
];

describe('hostile input', () => {
  it.each(CASES)('%s answers 400 to %#, storing nothing', async (url, payload, field) => {
    const counts = async () =>
      Promise.all(
        [schema.revenues, schema.milestones, schema.experiments, schema.subscribers, schema.users].map((t) =>
          admin.server.db.$count(t),
        ),
      );
    const before = await counts();
    const response = await admin.server.app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = url.startsWith('/api/trpc/') ? response.json().error : response.json();
    expect(typeof body.message).toBe('string');
    if (field) expect(Object.keys(body.errors ?? {})).toContain(field);
    expect(await counts()).toEqual(before);
  });
});

/** Found by the fuzz suite (test/fuzz): each was a 5xx, a wrong content type or a changed row. */
describe('hostile input found by fuzzing', () => {
  const counts = () =>
    Promise.all(
      [schema.revenues, schema.milestones, schema.experiments].map((t) => admin.server.db.$count(t)),
    );

  it.each(['%20{id}', '{id}%20', '0{id}', '%2B{id}', '{id}.0', '000{id}'])(
    'the path id %s names no row: 400, nothing deleted',
    async (template) => {
      const created = await admin.call('POST', '/api/revenue', revenue);
      expect(created.statusCode).toBe(201);
      const url = `/api/admin/revenue/${template.replace('{id}', String(created.json().id))}`;
      const before = await counts();
      const response = await admin.call('DELETE', url);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.id).toBe('Id must be a positive whole number.');
      expect(await counts()).toEqual(before);
    },
  );

  // Form types never get here: the cross-site guard answers them first (415, cross-site.test.ts).
  it.each(['multipart/mixed; boundary=x', 'multipart/related'])(
    'a tRPC mutation sent as %s is a 415 with the error body, not a 500',
    async (contentType) => {
      const before = await counts();
      const response = await admin.server.app.inject({
        method: 'POST',
        url: '/api/trpc/revenue.create',
        headers: { cookie: admin.cookie, 'content-type': contentType },
        payload: `--x\r\nContent-Disposition: form-data; name="amount"\r\n\r\n5\r\n--x--\r\n`,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'Content-Type must be application/json.' });
      expect(await counts()).toEqual(before);
    },
  );

  it('a tRPC mutation called with the wrong method answers its JSON error as JSON', async () => {
    const response = await admin.server.app.inject({
      method: 'PUT',
      url: '/api/trpc/revenue.create',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof response.json().error.message).toBe('string');
  });

  it('a tRPC path that cannot be decoded twice is a 404 with the error body, not a 500', async () => {
    const response = await admin.call('GET', '/api/trpc/%25,revenue.page', undefined);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No such procedure.' });
  });

  it('a procedure path over the router limit is a 414 with the one error body', async () => {
    const response = await call(admin.server.app, 'GET', `/api/trpc/${'a'.repeat(6000)}`);
    expect(response.statusCode).toBe(414);
    expect(Object.keys(response.json())).toEqual(['message']);
  });

  it('answers 414 to a long procedure path whatever the method and origin, without echoing it', async () => {
    for (const tail of ['a'.repeat(5001), 'revenue.summary,'.repeat(400), 'a.'.repeat(3000)]) {
      for (const [method, headers] of [
        ['GET', {}],
        ['POST', { 'content-type': 'application/json' }],
        ['POST', { 'content-type': 'application/json', origin: 'https://evil.example' }],
        ['POST', { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' }],
        ['DELETE', { cookie: admin.cookie }],
      ] as const) {
        const response = await admin.server.app.inject({
          method,
          url: `/api/trpc/${tail}`,
          headers,
          ...(method === 'POST' ? { payload: '{}' } : {}),
        });
        expect(response.statusCode, `${method} ${JSON.stringify(headers)}`).toBe(414);
        expect(response.json()).toEqual({ message: URI_TOO_LONG_MESSAGE });
      }
    }
  });
});

describe('tRPC batches', () => {
  const counts = () => admin.server.db.$count(schema.revenues);
  const batchOf = (procedure: string, size: number) => Array(size).fill(procedure).join(',');
  const inputs = (size: number, value: unknown) =>
    JSON.stringify(Object.fromEntries(Array.from({ length: size }, (_, i) => [i, value])));

  it(`answers a batch of up to ${MAX_TRPC_BATCH} procedures, as the web app sends them`, async () => {
    const response = await admin.server.app.inject({
      method: 'GET',
      url: `/api/trpc/${batchOf('revenue.summary', MAX_TRPC_BATCH)}?batch=1&input=${encodeURIComponent('{}')}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(MAX_TRPC_BATCH);
  });

  it.each([MAX_TRPC_BATCH + 1, 200])(
    'refuses a GET batch of %i procedures with a 400 and the error body',
    async (size) => {
      const response = await admin.server.app.inject({
        method: 'GET',
        url: `/api/trpc/${batchOf('revenue.summary', size)}?batch=1&input=${encodeURIComponent('{}')}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().error.message).toMatch(/batch/i);
    },
  );

  it('refuses a batch of writes over the cap before running any of them', async () => {
    const before = await counts();
    const size = MAX_TRPC_BATCH + 1;
    const response = await admin.server.app.inject({
      method: 'POST',
      url: `/api/trpc/${batchOf('revenue.create', size)}?batch=1`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: inputs(size, revenue),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/batch/i);
    expect(await counts()).toEqual(before);
  });
});
