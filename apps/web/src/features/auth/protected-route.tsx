import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageLoader } from '../../components/page-loader';
import { useCurrentUser } from './use-current-user';

/** SPEC.md section 2: a spinner while the user loads, the page for a user, else /auth. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoader />;
  return user ? children : <Navigate to={paths.auth} replace />;
}
