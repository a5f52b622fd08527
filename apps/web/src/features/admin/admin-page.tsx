import { Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { pageTitle } from '../../app/head';
import { paths } from '../../app/paths';
import { useSite } from '../../app/site-context';
import { useCurrentUser } from '../auth/use-current-user';

/** /admin: reached only through the guard; the data tables come with the admin-panel issue. */
export default function AdminPage() {
  const site = useSite();
  useDocumentTitle(pageTitle(paths.admin, site));
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
