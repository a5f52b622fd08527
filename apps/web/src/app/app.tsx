import { useDocumentTitle } from '@mantine/hooks';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { ProtectedRoute } from '../features/auth/protected-route';
import { HydrationMarker } from './hydration-marker';
import { PageLinkProvider } from '../components/page-link';
import { routeTitle } from './page-head';
import type { PageRoute } from './page-route';
import { routerLink } from './router-link';
import { pageRoutes } from './routes';
import { useSite } from '../lib/site-context';

/** A page of the table with its document title, behind its guard when only the signed-in may see it. */
function RoutePage({ route }: { route: PageRoute }) {
  // A page whose title comes from its data (a milestone's) sets it itself; so does the not-found page.
  useDocumentTitle(routeTitle(route, useSite()) ?? '');
  const page = <route.component />;
  return route.guard?.visitors === 'signed-in' ? <ProtectedRoute>{page}</ProtectedRoute> : page;
}

// The landing page is part of the entry chunk; the code-split pages are fetched when visited (routes.ts).
export function App() {
  return (
    <PageLinkProvider value={routerLink}>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          {pageRoutes.map((route) => (
            <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
          ))}
        </Routes>
        <HydrationMarker />
      </Suspense>
    </PageLinkProvider>
  );
}
