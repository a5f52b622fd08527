import { Container, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../auth/use-current-user';

/** /admin: reached only through the guard. */
export function AdminPage() {
  const { data: user } = useCurrentUser();
  return (
    <Container size="lg" py="xl" component="main">
      <Title order={1}>Admin Panel</Title>
      {user && <Text mt="xs">Welcome, {user.username}</Text>}
      <Text c="dimmed" mt="md">
        Data management tables are not built yet.
      </Text>
    </Container>
  );
}
