import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toasts } from '../components/toasts';
import { DataProviders } from '../lib/data-providers';
import type { TrpcClient } from '../lib/trpc';
import { SiteFromQuery } from './site-query';
import { ThemeProvider } from './theme-provider';

/** Everything a page needs around it, on the server and in the browser alike. */
export function Providers(props: {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  /** The site's public origin, when the server renders the page. */
  origin?: string | undefined;
  children: ReactNode;
}) {
  return (
    <DataProviders queryClient={props.queryClient} trpcClient={props.trpcClient}>
      <SiteFromQuery origin={props.origin}>
        <ThemeProvider>
          <Toasts />
          {props.children}
        </ThemeProvider>
      </SiteFromQuery>
    </DataProviders>
  );
}
