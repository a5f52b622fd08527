import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { pageTitle } from '../app/head';
import { paths } from '../app/paths';
import { useRenderStatus } from '../app/render-status';
import { useSite } from '../app/site-context';

export function NotFoundPage() {
  const site = useSite();
  useRenderStatus(404);
  useDocumentTitle(pageTitle('', site, 404));
  return (
    <Container size="sm" py={120} component="main">
      <Stack gap="md" align="flex-start">
        <Text fw={800} fz={64} lh={1} c="violet.8" aria-hidden="true">
          404
        </Text>
        <Title order={1}>404 Page Not Found</Title>
        <Text size="lg">Did you forget to add the page to the router?</Text>
        <Button component={Link} to={paths.home} mt="md">
          Back to the journey
        </Button>
      </Stack>
    </Container>
  );
}
