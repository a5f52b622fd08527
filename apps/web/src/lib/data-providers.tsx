import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { trpc, type TrpcClient } from './trpc';

/** The query cache and the tRPC client the hooks of every page call through. */
export function DataProviders(props: {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  children: ReactNode;
}) {
  return (
    <trpc.Provider client={props.trpcClient} queryClient={props.queryClient}>
      <QueryClientProvider client={props.queryClient}>{props.children}</QueryClientProvider>
    </trpc.Provider>
  );
}
