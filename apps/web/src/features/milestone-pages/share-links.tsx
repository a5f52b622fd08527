import { shareLinks } from '@journey/contracts/constants';
import { Anchor, Group, Text } from '@mantine/core';
import { useId } from 'react';

/**
 * Plain links that share a milestone (docs/decisions/092-embeds-and-shields.md): no third-party script,
 * image or cookie reaches the reader until they click. Mastodon goes through the site's own page,
 * which asks for the reader's instance.
 */
export function ShareLinks({ pageUrl, text }: { pageUrl: string; text: string }) {
  const links = shareLinks(pageUrl, text);
  const headingId = useId();
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <Group component="nav" aria-labelledby={headingId} gap="md">
      <Text id={headingId} size="sm" fw={600} c="dimmed">
        Share
      </Text>
      <Anchor href={links.x} size="sm" {...external}>
        X
      </Anchor>
      <Anchor href={links.bluesky} size="sm" {...external}>
        Bluesky
      </Anchor>
      <Anchor href={links.linkedin} size="sm" {...external}>
        LinkedIn
      </Anchor>
      <Anchor href={links.mastodon} size="sm">
        Mastodon
      </Anchor>
    </Group>
  );
}
