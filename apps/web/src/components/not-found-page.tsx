import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../app/paths';

export function NotFoundPage() {
  return (
    <Container size="sm" py={96} component="main">
      <Title order={1}>404 Page Not Found</Title>
      <Text mt="md">Did you forget to add the page to the router?</Text>
      <Anchor component={Link} to={paths.home} mt="lg" display="inline-block">
        Back to the journey
      </Anchor>
    </Container>
  );
}
