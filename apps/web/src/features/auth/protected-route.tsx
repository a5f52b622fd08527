import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useCurrentUser } from './use-current-user';

/** SPEC.md section 2: a spinner while the user loads, the page for a user, else /auth. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return user ? children : <Navigate to={paths.auth} replace />;
}
