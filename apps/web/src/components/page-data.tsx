import { QueryClientContext } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { browserQueryClient, browserTrpcClient } from '../lib/browser-data';
import { DataProviders } from '../lib/data-providers';
import { PageClientsContext } from '../lib/page-clients-context';
import { Toasts } from './toasts';

/**
 * The query cache and tRPC client for what is under it: the server's, holding the page's answers,
 * where the server renders; the browser's one cache otherwise (browser-data.ts), filled from those
 * answers. The code-split parts of a page (the app's router, the landing page's sections) bring it
 * with them, so the landing page's first load goes without it; nested, it adds nothing. The toasts'
 * container comes with it: the signed-in actions and the sign-up that show toasts need both.
 */
export function PageData(props: { children: ReactNode }) {
  const server = useContext(PageClientsContext);
  const inside = useContext(QueryClientContext) !== undefined;
  if (inside) return props.children;
  return (
    <DataProviders
      queryClient={server?.queryClient ?? browserQueryClient()}
      trpcClient={server?.trpcClient ?? browserTrpcClient()}
    >
      <Toasts />
      {props.children}
    </DataProviders>
  );
}
