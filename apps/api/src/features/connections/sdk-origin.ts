import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * For an official SDK that calls the global `fetch` with its host written in and hands back only a
 * status and a body (Lemon Squeezy's): calls made inside `sdkCall` that go to the SDK's own origin go
 * to the configured *_API_BASE instead, with the same path and query, and the answer's Retry-After is
 * kept for the caller (docs/decisions/077-provider-connections.md). Outside `sdkCall`, and for any
 * other host, `fetch` is untouched. The call's context travels with it (AsyncLocalStorage), so servers
 * with different bases in one process never cross.
 */

interface CallContext {
  from: string;
  to: string | undefined;
  retryAfterMs: number | null;
}

const current = new AsyncLocalStorage<CallContext>();
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const context = current.getStore();
    if (!context || typeof input !== 'string' || !input.startsWith(`${context.from}/`)) {
      return original(input, init);
    }
    const url = context.to ? context.to + input.slice(context.from.length) : input;
    const response = await original(url, init);
    const seconds = Number(response.headers.get('retry-after'));
    context.retryAfterMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
    return response;
  };
}

/** Runs `call`, whose requests to `from` go to `to` when it is set; with the last Retry-After seen. */
export async function sdkCall<T>(
  from: string,
  to: string | undefined,
  call: () => Promise<T>,
): Promise<{ result: T; retryAfterMs: number | null }> {
  install();
  const context: CallContext = { from, to: to ? new URL(to).origin : undefined, retryAfterMs: null };
  const result = await current.run(context, call);
  return { result, retryAfterMs: context.retryAfterMs };
}
