import { Container, Paper, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useCurrentUser } from './use-current-user';

/** /auth: signed-in users go straight to the admin panel (SPEC.md section 2). */
export function AuthPage() {
  const { data: user } = useCurrentUser();
  if (user) return <Navigate to={paths.admin} replace />;
  return (
    <Container size="xs" py={80} component="main">
      <Paper withBorder p="xl">
        <Title order={1} size="h2">
          Admin Access
        </Title>
        <Text c="dimmed" mt="sm">
          Login and Register forms are not built yet.
        </Text>
      </Paper>
    </Container>
  );
}
