import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@journey/db/testing';
import { ADMIN } from '@journey/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { LoginRateLimit } from '../src/features/auth/login-rate-limit';
import type { RegisterRateLimit } from '../src/features/auth/register-rate-limit';
import type { SignupRateLimit } from '../src/features/subscribers/signup-rate-limit';
import { buildServer, type ConnectionTimeouts } from '../src/server';

export interface TestServer {
  app: FastifyInstance;
  db: Awaited<ReturnType<typeof createTestDatabase>>['handle']['db'];
  /** Takes the database away under the running server (the server itself stays up). */
  closeDatabase(): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  loginRateLimit?: LoginRateLimit;
  signupRateLimit?: SignupRateLimit;
  registerRateLimit?: RegisterRateLimit;
  mailRetryBaseMs?: number;
  syncRetryBaseMs?: number;
  syncClaimTimeoutMs?: number;
  webhookRetryDelaysMs?: readonly number[];
  logStream?: NodeJS.WritableStream;
  now?: () => Date;
  timeouts?: ConnectionTimeouts;
  /** The database to serve instead of a fresh one; the server closes (and cleans up) it. */
  database?: TestDatabase;
}

/** A server on its own fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), never listening. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-signing-cookies',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'journey-api-')),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'journey-no-web-app'),
    // No ECB server is reachable from here: a test loads rates itself (exchange-rates.test.ts).
    ECB_RATES_URL: 'off',
    ...options.env,
  });
  const app = await buildServer(config, {
    database: database.handle,
    // Silent unless a test reads the log.
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.loginRateLimit ? { loginRateLimit: options.loginRateLimit } : {}),
    ...(options.signupRateLimit ? { signupRateLimit: options.signupRateLimit } : {}),
    ...(options.registerRateLimit ? { registerRateLimit: options.registerRateLimit } : {}),
    ...(options.mailRetryBaseMs ? { mailRetryBaseMs: options.mailRetryBaseMs } : {}),
    ...(options.syncRetryBaseMs ? { syncRetryBaseMs: options.syncRetryBaseMs } : {}),
    ...(options.syncClaimTimeoutMs ? { syncClaimTimeoutMs: options.syncClaimTimeoutMs } : {}),
    ...(options.webhookRetryDelaysMs ? { webhookRetryDelaysMs: options.webhookRetryDelaysMs } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  });
  let databaseClosed = false;
  return {
    app,
    db: database.handle.db,
    closeDatabase: async () => {
      databaseClosed = true;
      await database.handle.close();
    },
    close: async () => {
      await app.close();
      // cleanup closes the database too (and drops it on PostgreSQL); closing twice is harmless.
      await database.cleanup().catch((error: unknown) => {
        if (!databaseClosed) throw error;
      });
    },
  };
}

/** The `name=value` pair of the session cookie a response set, for the next request. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'journey_session');
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** The raw token inside a `journey_session=<token>.<signature>` pair. */
export const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

export { ADMIN };

/** The admin's registration, sent with these headers (a browser's, a proxy's). */
export function registerAdminWith(app: FastifyInstance, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/register', headers, payload: ADMIN });
}

/** The admin's login with `password` (the right one unless given), sent with `extra` (headers, address). */
export function loginAdmin(
  app: FastifyInstance,
  password = ADMIN.password,
  extra: Partial<InjectOptions> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: ADMIN.username, password },
    ...extra,
  });
}

/** Registers the first account (the admin) and returns its session cookie. */
export async function registerAdmin(app: FastifyInstance): Promise<string> {
  const response = await registerAdminWith(app);
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

/** JSON request helper: `call(app, 'POST', '/api/revenue', body, cookie)`. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  cookie?: string,
) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    headers: {
      // A browser's write says JSON even without a body (the cross-site guard wants it).
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });
}

export interface AdminServer {
  server: TestServer;
  cookie: string;
  /** `call` on this server as the admin. */
  call(method: InjectOptions['method'], url: string, payload?: unknown): ReturnType<typeof call>;
  /** POSTs `payload` to `url` as the admin and expects it created (201). */
  create(url: string, payload: unknown): ReturnType<typeof call>;
}

/**
 * For a test file or a describe block: a server started before its tests and closed after them. The
 * handle is usable once the tests run (it throws if read before `beforeAll`).
 */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(() => started?.close());
  const current = () => {
    if (!started) throw new Error('the test server starts in beforeAll');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    closeDatabase: () => current().closeDatabase(),
    close: () => current().close(),
  };
}

/** As `useTestServer`, with the admin registered and signed in before the tests. */
export function useAdminServer(options: TestServerOptions = {}): AdminServer {
  const server = useTestServer(options);
  const state = {
    server,
    call: (method, url, payload) => call(server.app, method, url, payload, state.cookie),
    create: async (url, payload) => {
      const response = await state.call('POST', url, payload);
      expect(response.statusCode, response.body).toBe(201);
      return response;
    },
  } as AdminServer;
  beforeAll(async () => {
    state.cookie = await registerAdmin(server.app);
  });
  return state;
}

/** A bad payload, the field the answer names and the message it gives there. */
export type BadInput = [payload: object, field: string, message: string];

/**
 * One test per case: the admin's POST of the payload to `url` answers 400 with the field's message, and
 * the table `count` counts holds as many rows as before.
 */
export function itRejectsBadInput(
  admin: AdminServer,
  url: string,
  count: () => Promise<number>,
  cases: BadInput[],
) {
  it.each(cases)(
    'rejects bad input %# with 400 naming the field, storing nothing',
    async (payload, field, message) => {
      const before = await count();
      const response = await admin.call('POST', url, payload);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.errors[field]).toBe(message);
      expect(typeof body.message).toBe('string');
      expect(await count()).toBe(before);
    },
  );
}

/** The web app's real server entry, from its sources (vitest compiles the TSX). */
export const WEB_ENTRY = path.resolve(import.meta.dirname, '../../web/src/entry-server.tsx');

/**
 * A server entry with the real page table, queries and guards, whose pages show what a test reads:
 * `show(input, answers)` makes a rendered page's head, html and state from its query answers, keyed
 * by procedure (`auth.me`). `prelude` is module code before it, `first` runs first in every render.
 */
export function webEntryShowing(show: string, options: { prelude?: string; first?: string } = {}): string {
  return `import { render as renderPage } from ${JSON.stringify(WEB_ENTRY)};
export { pages, pageAt, inlineScripts } from ${JSON.stringify(WEB_ENTRY)};
${options.prelude ?? ''}
const answers = (state) => Object.fromEntries(JSON.parse(state).queries.queries.map(
  ({ queryKey, state }) => [Array.isArray(queryKey[0]) ? queryKey[0].join('.') : String(queryKey[0]), state.data]));
export async function render(input) {
  ${options.first ?? ''}
  const page = await renderPage(input);
  if ('location' in page) return page;
  return { status: page.status, ...(${show})(input, answers(page.state)) };
}`;
}

/**
 * A landing page that shows its query answers as JSON, so a stale page is visible, and counts its
 * renders, so a page served again from the cache is told apart from one rendered afresh.
 */
export const ANSWERS_AND_RENDERS_ENTRY = webEntryShowing(
  `(input, answers) => ({
    head: '<title>t</title>',
    html: '<pre>' + JSON.stringify(answers) + '</pre><output>' + renders + '</output>',
    state: '',
  })`,
  { prelude: 'let renders = 0;', first: 'renders += 1;' },
);

/**
 * A stand-in for the web build (the real one is tested in the browser suite): an HTML template, one
 * hashed asset, and a server entry whose `render` is the given module source.
 */
export function fakeWebBuild(renderModule: string): string {
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'journey-web-'));
  mkdirSync(path.join(webDir, 'client', 'assets'), { recursive: true });
  mkdirSync(path.join(webDir, 'server'));
  writeFileSync(
    path.join(webDir, 'client', 'index.html'),
    '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  writeFileSync(path.join(webDir, 'client', 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'server', 'entry-server.js'), renderModule);
  return webDir;
}
