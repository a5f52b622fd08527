import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { browserQueryClient, browserTrpcClient } from '../lib/browser-data';
import { readSsrState } from '../lib/ssr-state';
import { App } from './app';
import { Providers } from './providers';
import { matchPage } from './routes';

/** Every page but the landing page's first load: the app with its router, query cache and tRPC client. */
export function startApp(root: HTMLElement) {
  const state = readSsrState();
  const app = (
    <StrictMode>
      <Providers queryClient={browserQueryClient()} trpcClient={browserTrpcClient()} origin={state?.origin}>
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
}
