/**
 * The developer loop (`pnpm dev`): the API from its sources (tsx, as `pnpm --filter @journey/api dev`
 * runs it) behind Vite's dev server, each on a free port. A browser talks to Vite only, so its writes
 * carry Vite's origin: registering, signing in and adding revenue through Vite must work, while a
 * foreign origin is still refused.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, freePort, http, waitFor, type HttpAnswer } from './support/http';
import {
  killServerProcess,
  serverDatabase,
  startServerProcess,
  type ServerDatabase,
  type ServerProcess,
} from './support/server-process';

const WEB_DIR = fileURLToPath(new URL('../../web', import.meta.url));
const VITE_BIN = fileURLToPath(new URL('../../web/node_modules/vite/bin/vite.js', import.meta.url));

describe('pnpm dev: writes through the Vite dev server', () => {
  let database: ServerDatabase;
  let api: ServerProcess | undefined;
  let vite: ChildProcess | undefined;
  let viteOutput = '';
  let base = '';

  beforeAll(async () => {
    database = await serverDatabase();
    api = await startServerProcess({ ...database.env, NODE_ENV: 'development' });
    const apiPort = new URL(api.base).port;
    const vitePort = await freePort();
    base = `http://127.0.0.1:${vitePort}`;
    // PORT is the API's: `pnpm dev` gives both processes the same environment.
    vite = spawn(process.execPath, [VITE_BIN, '--port', String(vitePort), '--strictPort'], {
      cwd: WEB_DIR,
      env: { PATH: process.env.PATH, PORT: apiPort, NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    vite.stdout?.on('data', (chunk: Buffer) => (viteOutput += chunk.toString()));
    vite.stderr?.on('data', (chunk: Buffer) => (viteOutput += chunk.toString()));
    try {
      // Vite's start-up is seconds of CPU: on a busy machine, the default hang guard's minute.
      await waitFor('Vite proxying /readyz', async () => (await http(base, 'GET', '/readyz')).status === 200);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${viteOutput}`, { cause: error });
    }
  });

  afterAll(async () => {
    if (vite && vite.exitCode === null) {
      const exited = new Promise((resolve) => vite!.once('exit', resolve));
      vite.kill('SIGTERM');
      await exited;
    }
    await killServerProcess(api);
    await database?.cleanup();
  });

  /** What a page served by Vite sends with a write: its own origin, same-origin, JSON. */
  const browserWrite = (path: string, body: unknown, cookie?: string, origin = base) =>
    http(base, 'POST', path, {
      ...(body === undefined ? {} : { body }),
      ...(cookie ? { cookie } : {}),
      headers: { origin, 'sec-fetch-site': origin === base ? 'same-origin' : 'cross-site' },
    });
  const cookieOf = (answer: HttpAnswer) => {
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('journey_session='));
    if (!cookie) throw new Error(`no session cookie in ${answer.status} ${JSON.stringify(answer.body)}`);
    return cookie.split(';', 1)[0]!;
  };

  it('registers, signs in and adds revenue through Vite, over tRPC (as the web app) and REST', async () => {
    const register = await browserWrite('/api/trpc/auth.register', ADMIN);
    expect(register.status, JSON.stringify(register.body)).toBe(200);

    const login = await browserWrite('/api/trpc/auth.login', {
      username: ADMIN.username,
      password: ADMIN.password,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const cookie = cookieOf(login);

    const entry = { amount: '125.50', source: 'ai', description: 'Added under pnpm dev', date: '2025-02-01' };
    const viaTrpc = await browserWrite('/api/trpc/revenue.create', entry, cookie);
    expect(viaTrpc.status, JSON.stringify(viaTrpc.body)).toBe(200);
    const viaRest = await browserWrite('/api/revenue', { ...entry, amount: '4.50' }, cookie);
    expect(viaRest.status, JSON.stringify(viaRest.body)).toBe(201);
    const totals = await http(base, 'GET', '/api/revenue');
    expect(totals.body).toMatchObject({ totalRevenue: '130.00' });

    // The spec's logout: no body, no content type.
    const logout = await browserWrite('/api/logout', undefined, cookie);
    expect(logout.status).toBe(204);
    expect((await http(base, 'GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('still refuses a write from another origin through Vite', async () => {
    const answer = await browserWrite(
      '/api/login',
      { username: ADMIN.username, password: ADMIN.password },
      undefined,
      'http://evil.example',
    );
    expect(answer.status).toBe(403);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});
