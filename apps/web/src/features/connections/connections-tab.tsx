import {
  CONNECTION_PROVIDER_NAMES,
  CONNECTION_PROVIDERS,
  type ConnectionProvider,
} from '@journey/contracts/constants';
import { formatAgo } from '@journey/contracts/constants';
import type { Connection, SkippedItem } from '@journey/contracts';
import {
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryFailed, QueryLoading } from '../../components/query-state';
import { useNow } from '../../hooks/use-now';
import { formatDate } from '../../lib/format';
import { serverMessage } from '../../lib/trpc';
import { ConnectForm } from './connect-form';
import { ExchangeRatesCard } from './exchange-rates-card';
import { SkippedList } from './skipped-list';
import { SyncScheduleCard } from './sync-schedule-card';
import { useConnections, useDisconnect, useSyncNow } from './use-connections';

/** Where the owner creates a key in each provider's dashboard, and which webhook events to pick there. */
const KEY_PAGES: Partial<Record<ConnectionProvider, { href: string; link: string; events: string }>> = {
  lemonsqueezy: {
    href: 'https://app.lemonsqueezy.com/settings/api',
    link: 'Create an API key in Lemon Squeezy',
    events: 'order_created, order_refunded, subscription_payment_success and subscription_payment_refunded',
  },
  paddle: {
    href: 'https://vendors.paddle.com/authentication-v2',
    link: 'Create an API key in Paddle',
    events: 'transaction.completed, transaction.updated, adjustment.created and adjustment.updated',
  },
  polar: {
    href: 'https://polar.sh/dashboard',
    link: 'Create an organization access token in Polar',
    events: 'order.paid, order.updated and order.refunded',
  },
};

function KeyPage(props: { href: string; link: string; events: string }) {
  return (
    <Text size="sm">
      <Anchor href={props.href} target="_blank" rel="noopener noreferrer" underline="always">
        {props.link}
      </Anchor>{' '}
      and paste it here. For the webhook, choose the events {props.events}.
    </Text>
  );
}

const STATUS: Record<Connection['status'], { label: string; color: string }> = {
  syncing: { label: 'Syncing', color: 'blue' },
  ok: { label: 'Synced', color: 'green' },
  failing: { label: 'Sync failing', color: 'orange' },
  'key-rejected': { label: 'Key rejected', color: 'red' },
};

function WebhookUrl(props: { url: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Webhook URL
      </Text>
      {/* On a phone the button goes under the URL rather than squeeze it or itself. */}
      <Group gap="xs" align="center">
        <Code style={{ overflowWrap: 'anywhere' }}>{props.url}</Code>
        <CopyButton value={props.url} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="compact-sm"
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** A connected provider: its state, 'Sync now', a new key, and 'Disconnect' after a question. */
function Connected(props: { connection: Connection }) {
  const { connection } = props;
  const name = CONNECTION_PROVIDER_NAMES[connection.provider];
  const syncNow = useSyncNow();
  const disconnect = useDisconnect();
  const [confirming, setConfirming] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const status = STATUS[connection.status];
  const now = useNow(30_000);
  const synced = connection.lastSyncedAt;

  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      notifySuccess(done);
    } catch (error) {
      notifyError('Error', serverMessage(error) ?? failed);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
        <Text size="sm" c="dimmed">
          {synced === null
            ? 'Not synced yet'
            : `Last synced ${now === null ? formatDate(synced) : formatAgo(synced, now)}`}
        </Text>
      </Group>
      {connection.lastError && (
        <Text size="sm" c="red.8" role="status">
          {connection.lastError}
        </Text>
      )}
      <Group gap="xs">
        <Button
          size="sm"
          leftSection={<IconRefresh size={16} aria-hidden />}
          disabled={syncNow.isPending}
          onClick={() =>
            void run(
              () => syncNow.mutateAsync({ provider: connection.provider }),
              `${name} sync started`,
              `The ${name} sync could not start.`,
            )
          }
        >
          Sync now
        </Button>
        <Button
          size="sm"
          variant="default"
          onClick={() => setReplacing((open) => !open)}
          aria-expanded={replacing}
        >
          Replace key
        </Button>
        <Button size="sm" variant="outline" color="red" onClick={() => setConfirming(true)}>
          Disconnect
        </Button>
      </Group>
      {replacing && (
        <ConnectForm
          provider={connection.provider}
          source={connection.source}
          submitLabel="Save new key"
          onDone={() => setReplacing(false)}
        />
      )}
      <ConfirmDialog
        title={`Disconnect ${name}?`}
        opened={confirming}
        pending={disconnect.isPending}
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting..."
        color="red"
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void run(
            () => disconnect.mutateAsync({ provider: connection.provider }),
            `${name} disconnected`,
            `${name} could not be disconnected.`,
          ).then(() => setConfirming(false))
        }
      >
        <Text size="sm">
          The key and the webhook secret are forgotten. The entries already read from {name} stay, marked as
          synced from it.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function ProviderCard(props: {
  provider: ConnectionProvider;
  connection: Connection | undefined;
  webhookUrl: string;
  stripeKeyUrl: string;
  skipped: { count: number; items: SkippedItem[] };
}) {
  const headingId = useId();
  const name = CONNECTION_PROVIDER_NAMES[props.provider];
  const keyPage = KEY_PAGES[props.provider];
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4} fz={16} id={headingId}>
          {name}
        </Title>
        {props.connection ? (
          <>
            <Connected connection={props.connection} />
            <SkippedList count={props.skipped.count} items={props.skipped.items} />
          </>
        ) : (
          <>
            {props.provider === 'stripe' && (
              <Text size="sm">
                <Anchor
                  href={props.stripeKeyUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  underline="always"
                >
                  Create a read-only restricted key in Stripe
                </Anchor>{' '}
                (the link fills in exactly the read permissions the sync needs), then paste it here.
              </Text>
            )}
            {keyPage && <KeyPage {...keyPage} />}
            <ConnectForm provider={props.provider} source="ai" submitLabel={`Connect ${name}`} />
          </>
        )}
        <WebhookUrl url={props.webhookUrl} />
      </Stack>
    </Paper>
  );
}

/** The admin's Connections tab (docs/decisions/077-provider-connections.md). */
export function ConnectionsTab() {
  const query = useConnections();
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="lg">
      <div>
        <Title order={3} fz={18} id={headingId}>
          Payment providers
        </Title>
        <Text c="dimmed" size="sm">
          Connect a provider with a read-only key: its whole history is read, then on the schedule below, and
          the tracker says how much of the total it vouches for. Keys are sealed on the server and never shown
          again.
        </Text>
      </div>
      {query.isPending ? (
        <QueryLoading label="Loading the connections" py="xl" />
      ) : query.isError ? (
        <QueryFailed what="connections" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {CONNECTION_PROVIDERS.map((provider) => (
              <ProviderCard
                key={provider}
                provider={provider}
                connection={query.data.connections.find((connection) => connection.provider === provider)}
                webhookUrl={query.data.webhookUrls[provider]}
                stripeKeyUrl={query.data.stripeRestrictedKeyUrl}
                skipped={{
                  count: query.data.skippedCounts[provider] ?? 0,
                  items: query.data.skipped.filter((item) => item.provider === provider),
                }}
              />
            ))}
          </SimpleGrid>
          <SyncScheduleCard intervalMinutes={query.data.syncIntervalMinutes} />
          <ExchangeRatesCard status={query.data.exchangeRates} />
        </>
      )}
    </Stack>
  );
}
