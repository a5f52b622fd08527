import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { NotFoundPage } from '../components/not-found-page';
import { ProtectedRoute } from '../features/auth/protected-route';
import { LandingPage } from '../features/landing/landing-page';
import { paths } from './paths';

// The landing page ships with the first load; the rest is fetched when a visitor goes there.
const AuthPage = lazy(() => import('../features/auth/auth-page'));
const AdminPage = lazy(() => import('../features/admin/admin-page'));

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
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
