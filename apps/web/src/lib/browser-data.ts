import { hydrate, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { readSsrState } from './ssr-state';
import { createTrpcClient, type TrpcClient } from './trpc';

let queryClient: QueryClient | undefined;
let trpcClient: TrpcClient | undefined;

/** The browser's one query cache, filled with the server's answers: the page hydrates without fetching them. */
export function browserQueryClient(): QueryClient {
  if (!queryClient) {
    queryClient = createQueryClient();
    const state = readSsrState();
    if (state) hydrate(queryClient, state.queries);
  }
  return queryClient;
}

export function browserTrpcClient(): TrpcClient {
  trpcClient ??= createTrpcClient();
  return trpcClient;
}
