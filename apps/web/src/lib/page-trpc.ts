import type { AppRouter } from '@journey/api';
import type { createServerSideHelpers } from '@trpc/react-query/server';

/**
 * The procedures a page's queries are built from: tRPC's server-side helpers when the server renders
 * the page (calls in-process, no HTTP), or `trpc.useUtils()` in the browser; both make the same keys.
 */
export type PageTrpc = Omit<
  ReturnType<typeof createServerSideHelpers<AppRouter>>,
  'queryClient' | 'dehydrate'
>;
