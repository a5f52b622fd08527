/** Real HTTP against a listening server (the fault tests cannot use `inject`: sockets matter there). */
import { createServer } from 'node:net';

export interface HttpAnswer {
  status: number;
  body: unknown;
  headers: Headers;
  /** Milliseconds from sending to the whole body read. */
  ms: number;
}

export const ADMIN = { username: 'founder', password: 'correct horse', email: 'founder@example.com' };

export const UNAVAILABLE = { message: 'The database is unavailable. Please try again shortly.' };

/** One request; the body is parsed as JSON when it is JSON. Rejects only when no answer came. */
export async function http(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  const started = performance.now();
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') && text !== '';
  return {
    status: response.status,
    body: isJson ? (JSON.parse(text) as unknown) : text,
    headers: response.headers,
    ms: performance.now() - started,
  };
}

/** Registers the first account (the admin) and returns its `name=value` session cookie. */
export async function registerAdmin(base: string): Promise<string> {
  const response = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('journey_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';', 1)[0] as string;
}

/** Polls `check` every `everyMs` until it returns true; resolves with the time it took, or throws. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  { timeoutMs = 10_000, everyMs = 100 } = {},
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

let revenueCount = 0;
/** A valid revenue entry, each one different so that lost writes can be told apart. */
export function revenueEntry(amount = '10.00') {
  revenueCount += 1;
  return { amount, source: 'ai', description: `Fault test entry ${revenueCount}`, date: '2025-02-01' };
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}
