import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoader } from '../components/page-loader';
import { ProtectedRoute } from '../features/auth/protected-route';
import { LandingPage } from '../features/landing/landing-page';
import { HydrationMarker } from './hydration-marker';
import { AdminPage, AuthPage, MilestonePage } from './pages';
import { paths } from './paths';

// The landing page is part of the entry chunk; the other pages are fetched when visited (pages.ts).
export function App() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path={paths.home} element={<LandingPage />} />
        <Route path={paths.auth} element={<AuthPage />} />
        <Route
          path={paths.admin}
          element={
            <ProtectedRoute>
              <AdminPage />
            </ProtectedRoute>
          }
        />
        <Route path={paths.milestone} element={<MilestonePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      <HydrationMarker />
    </Suspense>
  );
}
