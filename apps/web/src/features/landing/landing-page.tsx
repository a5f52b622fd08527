import { Container, Text, Title } from '@mantine/core';
import { productName } from '../../lib/site';

/** The public landing page; its sections come with the public-site issue. */
export function LandingPage() {
  return (
    <Container size="md" py={96} component="main">
      <Title order={1}>
        This is the moment I decided to become the first solo AI-powered {productName()}.
      </Title>
      <Text size="lg" mt="md">
        Using artificial intelligence to level the playing field and build an empire of one.
      </Text>
    </Container>
  );
}
