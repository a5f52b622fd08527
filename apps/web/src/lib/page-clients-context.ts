import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import type { TrpcClient } from './trpc';

/** The query cache and tRPC client the server renders a page with, holding its answers. */
export interface PageClients {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
}

/**
 * Set by the server's render only (entry-server.tsx); in the browser, `PageData` takes the browser's
 * clients. A context of its own, not React Query's: the landing page's entry chunk must not load React
 * Query or tRPC to pass them down (docs/decisions/063-one-render-path-and-hydration.md).
 */
export const PageClientsContext = createContext<PageClients | null>(null);
