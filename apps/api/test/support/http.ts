/** Real HTTP against a listening server (the fault tests cannot use `inject`: sockets matter there). */
export { ADMIN, freePort, registerAdmin, waitFor } from '@journey/testing';
import { sessionCookieOf, signInAdmin } from '@journey/testing';

export interface HttpAnswer {
  status: number;
  body: unknown;
  headers: Headers;
  /** Milliseconds from sending to the whole body read. */
  ms: number;
}

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
    // A hang guard, generous: a busy machine's answer may take seconds (decision 058).
    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
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

let revenueCount = 0;
/** A valid revenue entry, each one different so that lost writes can be told apart. */
export function revenueEntry(amount = '10.00') {
  revenueCount += 1;
  return { amount, source: 'ai', description: `Fault test entry ${revenueCount}`, date: '2025-02-01' };
}

/** The admin's cookie on a listening server: registered on its first start, signed in on later ones. */
export async function adminCookie(base: string): Promise<string> {
  let cookie = '';
  await signInAdmin(async (path, body) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok) cookie = sessionCookieOf(response);
    return { status: response.status, text: await response.text() };
  });
  return cookie;
}
