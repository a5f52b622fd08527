import { Writable } from 'node:stream';
import { hashSessionToken } from '@journey/db';
import { TRPCError } from '@trpc/server';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeError } from '../src/plugins/app/logging';
import { sessionCookie, startTestServer, type TestServer } from './helpers';
import { parseLogLines } from './support/log-line';

const PASSWORD = 'Zebra-Quartz-5521-right';
const WRONG_PASSWORD = 'Walrus-Plinth-8830-wrong';
const WRONG_TRPC_PASSWORD = 'Heron-Basalt-1947-wrong';
const USER = { username: 'logged-founder', password: PASSWORD, email: 'logged@example.com' };
/** Sent in a query string, which no line may hold. */
const QUERY_TOKEN = 'Osprey-Query-6612-token';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let logText = '';
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logText += chunk.toString();
    callback();
  },
});
const logLines = () => parseLogLines(logText);

let server: TestServer;
/** Every answer of the session below, with what each request was. */
const exchanges: { name: string; method: string; url: string; response: LightMyRequestResponse }[] = [];

/** Sends one request of the session, checks its status and keeps the answer for the log checks. */
async function send(name: string, status: number, options: InjectOptions & { method: string; url: string }) {
  const response = await server.app.inject(options);
  expect(response.statusCode, name).toBe(status);
  exchanges.push({ name, method: options.method, url: options.url, response });
  return response;
}

const login = (name: string, url: string, password: string, status: number, cookie?: string) =>
  send(name, status, {
    method: 'POST',
    url,
    payload: { username: USER.username, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: 'trace' }, logStream });
  await send('register', 201, { method: 'POST', url: '/api/register', payload: USER });
  const signedIn = await login('login', '/api/login', PASSWORD, 200);
  const cookie = sessionCookie(signedIn);
  const device = signedIn.cookies.find((c) => c.name === 'journey_device');
  expect(device?.value).toBeTruthy();
  await send('signed-in read', 200, { method: 'GET', url: '/api/user', headers: { cookie } });
  await send('read with a query', 200, { method: 'GET', url: `/api/milestones?token=${QUERY_TOKEN}` });

  // The session store fails mid-request: its error (whose query carries the token's hash) is logged.
  await server.db.execute(sql`alter table sessions rename to sessions_away`);
  try {
    await send('store failure', 500, { method: 'GET', url: '/api/user', headers: { cookie } });
  } finally {
    await server.db.execute(sql`alter table sessions_away rename to sessions`);
  }

  await send('logout', 204, { method: 'POST', url: '/api/logout', payload: {}, headers: { cookie } });
  // The trusted-device cookie travels in a request header too.
  await login('failed login', '/api/login', WRONG_PASSWORD, 401, `journey_device=${device?.value}`);
  await login('failed tRPC login', '/api/trpc/auth.login', WRONG_TRPC_PASSWORD, 401);
});
afterAll(() => server?.close());

describe('request logs', () => {
  it('are JSON lines, one per request: its id, method, path without the query, status and response time', () => {
    const lines = logLines();
    for (const { name, method, url, response } of exchanges) {
      const reqId = response.headers['x-request-id'];
      expect(reqId, name).toMatch(UUID);
      const own = lines.filter((line) => line.reqId === reqId && line.msg === 'request completed');
      expect(own, name).toHaveLength(1);
      const [completed] = own;
      expect(completed?.level, name).toBe(30);
      expect(completed?.req, name).toEqual({ method, url: url.split('?', 1)[0] });
      expect(completed?.res, name).toEqual({ statusCode: response.statusCode });
      expect(completed?.responseTime, name).toEqual(expect.any(Number));
    }
    // Fastify's own line on arrival is gone: the one line above says it all.
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    expect(logText).not.toContain(QUERY_TOKEN);
    const ids = exchanges.map(({ response }) => response.headers['x-request-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('log a server error with its cause, and without the values of the failed query', () => {
    const reqId = exchanges.find((exchange) => exchange.name === 'store failure')?.response.headers[
      'x-request-id'
    ];
    const error = logLines().find((line) => line.reqId === reqId && line.level === 50);
    expect(error?.msg).toBe('request failed');
    const text = JSON.stringify(error?.err);
    expect(text).toContain('Failed query: select');
    expect(text).toContain('params: [redacted]');
    expect(text).toMatch(/sessions.*does not exist/);
  });

  it('hold no password, cookie, session token, signature or token hash', () => {
    const secrets = [PASSWORD, WRONG_PASSWORD, WRONG_TRPC_PASSWORD];
    const setCookies = exchanges.flatMap(({ response }) => response.cookies).filter((c) => c.value);
    // Register and login each set a session cookie and a trusted-device cookie.
    expect(setCookies.map((c) => c.name).sort()).toEqual([
      'journey_device',
      'journey_device',
      'journey_session',
      'journey_session',
    ]);
    for (const { name, value } of setCookies) {
      const payload = value.slice(0, value.lastIndexOf('.'));
      const signature = value.slice(value.lastIndexOf('.') + 1);
      expect(signature.length).toBeGreaterThanOrEqual(20);
      secrets.push(value, encodeURIComponent(value), signature);
      if (name === 'journey_session') {
        expect(payload.length).toBeGreaterThanOrEqual(32);
        secrets.push(payload, hashSessionToken(payload));
      } else {
        secrets.push(payload.slice(payload.lastIndexOf(':') + 1)); // the device nonce
      }
    }
    for (const secret of secrets) expect(logText).not.toContain(secret);
  });

  it('never take a request id from the client', async () => {
    const fresh = await startTestServer({
      logStream: new Writable({ write: (_c, _e, callback) => callback() }),
    });
    try {
      const response = await fresh.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'forged-id', 'request-id': 'forged-id' },
      });
      expect(response.headers['x-request-id']).toMatch(UUID);
    } finally {
      await fresh.close();
    }
  });
});

describe('the error serializer', () => {
  it('keeps the query and the cause but drops bound values, also from a wrapping error and a failing row', () => {
    const database = Object.assign(new Error('new row violates check constraint "users_check"'), {
      code: '23514',
      detail: 'Failing row contains (7, founder, scrypt$salt-value), (2025-01-01\nsecond line).',
      params: ['scrypt$salt-value'],
    });
    const query = new DrizzleQueryError(
      'insert into "users" values ($1, $2)',
      ['scrypt$salt-value', 'a\nb'],
      database,
    );
    // tRPC wraps an unknown error in one with the same message.
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: query });
    const text = JSON.stringify(serializeError(wrapped));
    expect(text).not.toContain('salt-value');
    expect(text).not.toContain('second line');
    const serialized = serializeError(wrapped);
    expect(serialized).toMatchObject({
      type: 'TRPCError',
      message: 'Failed query: insert into "users" values ($1, $2)\nparams: [redacted]',
      code: 'INTERNAL_SERVER_ERROR',
      cause: {
        type: 'DrizzleQueryError',
        query: 'insert into "users" values ($1, $2)',
        params: '[redacted]',
        cause: { code: '23514', detail: 'Failing row contains [redacted]', params: '[redacted]' },
      },
    });
    expect(serialized.stack).toMatch(
      /^TRPCError: Failed query: insert into "users" values \(\$1, \$2\)\nparams: \[redacted\]\n {4}at /,
    );
  });
});
