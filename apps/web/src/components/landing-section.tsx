import { Box, Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A section of the landing page: the anchor `id` the navigation links to, labelled by its heading
 * (`<id>-title`, see SectionHeading), with the page's spacing and width and its parts 40 px apart; `muted`
 * sets it on the muted surface that alternates with the page's.
 */
export function LandingSection(props: { id: string; muted?: boolean; children: ReactNode }) {
  return (
    <Box
      component="section"
      id={props.id}
      aria-labelledby={`${props.id}-title`}
      py={{ base: 64, sm: 96 }}
      bg={props.muted ? 'var(--journey-surface-muted)' : undefined}
    >
      <Container size="lg">
        <Stack gap={40}>{props.children}</Stack>
      </Container>
    </Box>
  );
}
