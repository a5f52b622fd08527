import { Alert, Button, Center, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { PageLoader } from '../../components/page-loader';
import { useCurrentUser } from './use-current-user';

/** docs/product.md#pages: a spinner while the user loads, the page for a user, else /auth. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError, refetch, isFetching } = useCurrentUser();
  if (isError) {
    // Not knowing who you are is not the same as being signed out: offer a retry, not the login page.
    return (
      <Center h="100vh" p="md">
        <Alert color="red" title="We could not check your session" maw={440}>
          <Text size="sm">The server did not answer. Your session is probably fine; please try again.</Text>
          <Button
            mt="md"
            size="xs"
            variant="light"
            color="red"
            loading={isFetching}
            onClick={() => void refetch()}
          >
            Try again
          </Button>
        </Alert>
      </Center>
    );
  }
  if (isPending) return <PageLoader />;
  return user ? children : <Navigate to={paths.auth} replace />;
}
