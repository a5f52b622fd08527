import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toasts } from '../components/toasts';
import { trpc, type TrpcClient } from '../lib/trpc';
import { OriginProvider } from './site-context';
import { cssVariablesResolver, theme } from './theme';

/** Everything a page needs around it, on the server and in the browser alike. */
export function Providers(props: {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  /** The site's public origin, when the server renders the page. */
  origin?: string | undefined;
  children: ReactNode;
}) {
  return (
    <OriginProvider value={props.origin}>
      <trpc.Provider client={props.trpcClient} queryClient={props.queryClient}>
        <QueryClientProvider client={props.queryClient}>
          <MantineProvider
            theme={theme}
            cssVariablesResolver={cssVariablesResolver}
            defaultColorScheme="auto"
          >
            <Toasts />
            {props.children}
          </MantineProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </OriginProvider>
  );
}
