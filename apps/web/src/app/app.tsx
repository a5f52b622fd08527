import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { NotFoundPage } from '../components/not-found-page';
import AuthPage from '../features/auth/auth-page';
import { ProtectedRoute } from '../features/auth/protected-route';
import { LandingPage } from '../features/landing/landing-page';
import { paths } from './paths';

// Public pages hydrate as soon as the first script runs, so nothing typed into the login form is
// lost to a late hydration; the admin panel is fetched when a signed-in user goes there.
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
