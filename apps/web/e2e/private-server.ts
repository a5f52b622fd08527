import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInAdmin, startServerProcess, type PostJson } from '@journey/testing';
import type { APIRequestContext, BrowserContext, PlaywrightWorkerArgs } from '@playwright/test';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiMain = path.resolve(webDir, '../api/dist/main.js');

/** Playwright's request context as the JSON POST the shared admin sign-in takes: its cookies stay in it. */
export const postWith =
  (api: APIRequestContext): PostJson =>
  async (path, data) => {
    const response = await api.post(path, { data });
    return { status: response.status(), text: await response.text() };
  };

export type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/** A server of its own: the production build on a new embedded database, its admin signed in. */
export interface PrivateServer {
  baseURL: string;
  /** The session cookie(s) of the `founder` admin registered on it through the API. */
  cookies: Cookies;
  /** Stops the server and removes its database. */
  stop: () => Promise<void>;
}

/** A request context signed in as a server's admin: its address and the admin's session cookies. */
export const signedInRequest = (
  playwright: PlaywrightWorkerArgs['playwright'],
  server: { baseURL: string; cookies: Cookies },
) =>
  playwright.request.newContext({
    baseURL: server.baseURL,
    storageState: { cookies: server.cookies, origins: [] },
  });

/**
 * Starts a production server on a new embedded database and registers the `founder` admin on it;
 * `env` adds variables (a provider's stand-in, say).
 */
export async function startAdminServer(
  playwright: PlaywrightWorkerArgs['playwright'],
  env: Record<string, string> = {},
): Promise<PrivateServer> {
  const dataDir = mkdtempSync(path.join(process.env.JOURNEY_E2E_RUN_DIR ?? tmpdir(), 'admin-db-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  const server = await startServerProcess({
    args: [apiMain],
    cwd: webDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SESSION_SECRET: 'e2e-admin-session-secret-that-is-long-enough-0123',
      SITE_PRODUCT_NAME: 'Unicorn',
      ALLOW_REGISTRATION: 'false',
      TRUST_PROXY: 'false',
      // Mail goes to the outbox ten times a second, so a broadcast's test waits for it briefly.
      MAIL_RATE_PER_MINUTE: '600',
      // No ECB server is reachable from the test machines: the rates come from uploads (decision 078).
      ECB_RATES_URL: 'off',
      WEB_DIST_DIR: path.join(webDir, 'dist'),
      // Every spec signs up from 127.0.0.1: the per-IP limit is proved by the API tests.
      SIGNUP_LIMIT_PER_IP: '100000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    readyPath: '/healthz',
    timeoutMs: 60_000,
  }).catch((error: unknown) => {
    removeData();
    throw error;
  });
  // Should the worker die without its teardown, the server goes with it.
  const killOnExit = () => server.child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    await server.stop();
    removeData();
  };
  try {
    const api = await playwright.request.newContext({ baseURL: server.base });
    await signInAdmin(postWith(api), { mustRegister: true });
    const cookies = (await api.storageState()).cookies;
    await api.dispose();
    return { baseURL: server.base, cookies, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A fixture's body: a private server for as long as the fixture lasts, stopped after it. */
export async function providePrivateServer(
  playwright: PlaywrightWorkerArgs['playwright'],
  use: (server: PrivateServer) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const server = await startAdminServer(playwright, env);
  try {
    await use(server);
  } finally {
    await server.stop();
  }
}
