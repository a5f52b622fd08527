import type { PageTrpc } from '../lib/page-trpc';

/**
 * The procedures `queries` calls, as dotted paths (`revenue.summary`), read off a stand-in for tRPC's
 * helpers that records each `queryOptions` call. Which procedures a page calls never depends on its
 * parameters (only their inputs do), so none are needed. The API derives from their `meta` whether a
 * page is shared and what it is built from (docs/decisions/061-one-caching-seam.md).
 */
export function readsOf(queries: (trpc: PageTrpc) => unknown): string[] {
  const reads: string[] = [];
  const at = (path: readonly string[]): unknown =>
    new Proxy(() => {}, {
      get: (_target, key) =>
        key === 'queryOptions'
          ? () => {
              reads.push(path.join('.'));
              return { queryKey: [path], queryFn: () => undefined };
            }
          : at([...path, String(key)]),
    });
  queries(at([]) as PageTrpc);
  return reads;
}
