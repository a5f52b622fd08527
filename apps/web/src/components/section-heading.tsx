import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Eyebrow, heading and lead paragraph: the same rhythm at the top of every section. */
export function SectionHeading(props: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap="xs" maw={720}>
      <Text
        tt="uppercase"
        fw={700}
        fz="xs"
        c="var(--mantine-color-violet-text)"
        style={{ letterSpacing: '0.14em' }}
      >
        {props.eyebrow}
      </Text>
      <Title order={2} id={props.id} fz={{ base: 30, sm: 40 }} lh={1.15} style={{ letterSpacing: '-0.02em' }}>
        {props.title}
      </Title>
      {props.children && (
        <Text size="lg" c="dimmed">
          {props.children}
        </Text>
      )}
    </Stack>
  );
}
