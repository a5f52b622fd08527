import '@fontsource-variable/inter';
import './app/mantine-styles';
import './app/global.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { Providers } from './app/providers';
import { matchPage } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { SSR_STATE_ELEMENT_ID, type SsrState } from './lib/ssr-state';
import { createTrpcClient } from './lib/trpc';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const stateElement = document.getElementById(SSR_STATE_ELEMENT_ID);
const state = stateElement ? (JSON.parse(stateElement.textContent ?? '{}') as SsrState) : undefined;

const queryClient = createQueryClient();
// The server's answers become the cache: the page hydrates without fetching them again.
if (state) hydrate(queryClient, state.queries);

const app = (
  <StrictMode>
    <Providers queryClient={queryClient} trpcClient={createTrpcClient()} origin={state?.origin}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

if (state) {
  // A code-split page the server rendered (/auth, /admin) is fetched first: the page then hydrates in
  // one pass, rather than staying inert (and its Suspense boundary dehydrated) while its chunk loads.
  void Promise.resolve(matchPage(location.pathname).route.codeSplit?.load()).then(() =>
    hydrateRoot(root, app),
  );
} else {
  // `pnpm dev` serves the shell without server rendering.
  createRoot(root).render(app);
}
