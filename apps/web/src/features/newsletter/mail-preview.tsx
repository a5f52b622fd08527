import { Box, Divider, Stack, Text } from '@mantine/core';
import { MarkdownPreview } from '../settings/markdown-preview';

/**
 * The broadcast as a subscriber's mail shows it: the subject line, the site's name on top, the body
 * rendered by the server's own renderer, and the footer with its unsubscribe link (a text here: the
 * real link is made for each recipient when the mail is built).
 */
export function MailPreview(props: { siteName: string; subject: string; body: string }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Subject:{' '}
        <Text span fw={600} c="var(--mantine-color-text)">
          {props.subject.trim() || '(no subject yet)'}
        </Text>
      </Text>
      <Divider />
      <Text fw={700} fz="lg">
        {props.siteName}
      </Text>
      <Box style={{ overflowWrap: 'anywhere' }}>
        <MarkdownPreview markdown={props.body} />
      </Box>
      <Divider />
      <Text size="xs" c="dimmed">
        You receive this because you subscribed to updates from {props.siteName}.{' '}
        <Text span inherit td="underline">
          Unsubscribe
        </Text>
      </Text>
    </Stack>
  );
}
