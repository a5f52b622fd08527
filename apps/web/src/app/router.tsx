import { createBrowserRouter } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { AdminPage } from '../features/admin/admin-page';
import { AuthPage } from '../features/auth/auth-page';
import { ProtectedRoute } from '../features/auth/protected-route';
import { LandingPage } from '../features/landing/landing-page';
import { paths } from './paths';

export const router = createBrowserRouter([
  { path: paths.home, element: <LandingPage /> },
  { path: paths.auth, element: <AuthPage /> },
  {
    path: paths.admin,
    element: (
      <ProtectedRoute>
        <AdminPage />
      </ProtectedRoute>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
]);
