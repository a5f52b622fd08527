import type { CreatedWebhookEndpoint, WebhookEndpoint } from '@journey/contracts';
import { WEBHOOK_EVENT_LABELS } from '@journey/contracts/constants';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryFailed, QueryLoading } from '../../components/query-state';
import { serverMessage } from '../../lib/trpc';
import { DeliveriesList } from './deliveries-list';
import { EndpointForm } from './endpoint-form';
import { useCreateWebhook, useDeleteWebhook, useUpdateWebhook, useWebhookEndpoints } from './use-webhooks';

/** The signing secret, shown once after the create (docs/decisions/091-outgoing-webhooks.md). */
function SecretDialog(props: { created: CreatedWebhookEndpoint | null; onClose: () => void }) {
  return (
    <Modal
      opened={props.created !== null}
      onClose={props.onClose}
      title="Endpoint added"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          The signing secret of {props.created?.url}. It is shown this once: keep it where your receiver
          verifies the webhook-signature header.
        </Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label="Signing secret">
          {props.created?.secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={props.created?.secret ?? ''} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={props.onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function EndpointCard(props: { endpoint: WebhookEndpoint }) {
  const { endpoint } = props;
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [showing, setShowing] = useState(false);

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync({ id: endpoint.id });
      notifySuccess('Endpoint deleted');
    } catch (error) {
      notifyError('Error', serverMessage(error) ?? 'The endpoint could not be deleted.');
    }
    setDeleting(false);
  };

  return (
    <Paper component="section" aria-label={endpoint.url} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          <Badge color={endpoint.enabled ? 'green' : 'gray'} variant="light">
            {endpoint.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </Group>
        {endpoint.disabledReason && (
          <Text size="sm" c="red.8">
            {endpoint.disabledReason} Save it enabled to send to it again.
          </Text>
        )}
        <Group gap={6}>
          {endpoint.events.map((event) => (
            <Badge key={event} variant="outline" color="gray" tt="none">
              {WEBHOOK_EVENT_LABELS[event]}
            </Badge>
          ))}
        </Group>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setShowing((value) => !value)}
            aria-expanded={showing}
          >
            {showing ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </Group>
        {showing && <DeliveriesList endpointId={endpoint.id} url={endpoint.url} />}
      </Stack>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title="Edit endpoint"
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <EndpointForm
          endpoint={endpoint}
          submitLabel="Save"
          pending={update.isPending}
          save={(values) => update.mutateAsync({ id: endpoint.id, ...values })}
          onDone={() => {
            notifySuccess('Endpoint saved');
            setEditing(false);
          }}
        />
      </Modal>
      <ConfirmDialog
        title="Delete endpoint"
        opened={deleting}
        pending={remove.isPending}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        color="red"
        onCancel={() => setDeleting(false)}
        onConfirm={() => void confirmDelete()}
      >
        <Text size="sm">
          Delete {endpoint.url} and its deliveries? Nothing more is sent to it. This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}

/** The admin's Webhooks tab: the endpoints that hear the site's events, and what was sent to each. */
export function WebhooksTab() {
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhook();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Webhooks
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
          Add endpoint
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Each event is POSTed to the endpoints that picked it, signed with the endpoint’s secret (Standard
        Webhooks), and tried again for a day if the receiver fails. Only public addresses are reached.
      </Text>
      {endpoints.isPending ? (
        <QueryLoading label="Loading the webhook endpoints" py="xl" />
      ) : endpoints.isError ? (
        <QueryFailed what="webhook endpoints" />
      ) : endpoints.data.length === 0 ? (
        <Alert variant="light" color="gray" title="No endpoints yet">
          Add an endpoint to have the site tell another tool about new revenue, milestones, experiments,
          subscribers and broadcasts.
        </Alert>
      ) : (
        endpoints.data.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} />)
      )}
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title="Add endpoint"
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <EndpointForm
          submitLabel="Add endpoint"
          pending={create.isPending}
          save={async (values) => setCreated(await create.mutateAsync(values))}
          onDone={() => setAdding(false)}
        />
      </Modal>
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </Stack>
  );
}
