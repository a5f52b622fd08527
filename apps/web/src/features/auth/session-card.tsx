import type { OwnerSession } from '@journey/contracts';
import { formatAgo } from '@journey/contracts/constants';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { formatDate } from '../../lib/format';

/**
 * One session of the owner's: its device, where and when it was used, and 'Sign out' unless it is
 * this browser's own ('This device'). `now` is null until the page runs, which then shows dates only.
 */
export function SessionCard(props: {
  session: OwnerSession;
  now: number | null;
  pending: boolean;
  onSignOut: (session: OwnerSession) => void;
}) {
  const { session, now } = props;
  const lastSeen = now === null ? formatDate(session.lastSeenAt) : formatAgo(session.lastSeenAt, now);
  return (
    <Paper component="li" withBorder radius="md" p="md" data-session-id={session.id}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Title order={4} fz={16} style={{ overflowWrap: 'anywhere' }}>
              {session.device}
            </Title>
            {session.current && (
              // White on green's shade 9 is above 4.5:1 in both schemes; Mantine's light tints are not.
              <Badge color="green.9" variant="filled">
                This device
              </Badge>
            )}
          </Group>
          {/* The address can be an IPv6 one: it wraps rather than widen the card on a phone. */}
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {session.place ? `${session.place} · ` : ''}
            {session.ip ? `IP ${session.ip}` : 'IP address unknown'}
          </Text>
          <Text size="sm" c="dimmed">
            Signed in <time dateTime={session.firstSeenAt}>{formatDate(session.firstSeenAt)}</time> · Last
            seen <time dateTime={session.lastSeenAt}>{lastSeen}</time>
          </Text>
        </Stack>
        {!session.current && (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconLogout size={14} aria-hidden />}
            // The visible text first, then which session: two cards may show the same device.
            aria-label={`Sign out ${session.device}, signed in ${formatDate(session.firstSeenAt)}${session.ip ? ` from ${session.ip}` : ''}`}
            disabled={props.pending}
            // Beside the details on a phone too, whole rather than squeezed.
            style={{ flexShrink: 0 }}
            onClick={() => props.onSignOut(session)}
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}
