import type { WebhookDelivery } from '@journey/contracts';
import type { WebhookDeliveryStatus } from '@journey/contracts/constants';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryFailed, QueryLoading } from '../../components/query-state';
import { serverMessage } from '../../lib/trpc';
import { useResendDelivery, useWebhookDeliveries } from './use-webhooks';

const STATUS: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'blue' },
  sending: { label: 'Sending', color: 'blue' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });

function ResendButton(props: { delivery: WebhookDelivery }) {
  const resend = useResendDelivery();
  const run = async () => {
    try {
      await resend.mutateAsync({ id: props.delivery.id });
      notifySuccess('Delivery queued again', 'It is sent with the same webhook-id.');
    } catch (error) {
      notifyError('Error', serverMessage(error) ?? 'The delivery could not be re-sent.');
    }
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      onClick={() => void run()}
      disabled={resend.isPending || props.delivery.status === 'sending'}
      aria-label={`Resend ${props.delivery.eventType} ${props.delivery.messageId}`}
    >
      Resend
    </Button>
  );
}

/** An endpoint's latest deliveries: what was sent, how the receiver answered, and a way to send it again. */
export function DeliveriesList(props: { endpointId: number; url: string }) {
  const deliveries = useWebhookDeliveries(props.endpointId);
  if (deliveries.isPending) return <QueryLoading label="Loading the deliveries" py="md" />;
  if (deliveries.isError) return <QueryFailed what="deliveries" />;
  if (deliveries.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing sent yet. A delivery appears here after a write raises one of its events.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs" fz="sm">
          <Table.Caption className="visually-hidden">Deliveries to {props.url}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Response</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>
                <span className="visually-hidden">Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.data.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>{delivery.eventType}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS[delivery.status].color} variant="light">
                    {STATUS[delivery.status].label}
                  </Badge>
                </Table.Td>
                <Table.Td title={delivery.lastError ?? delivery.lastResponse ?? undefined}>
                  {delivery.lastStatusCode ?? (delivery.lastError ? 'No answer' : '–')}
                </Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td>{when(delivery.updatedAt)}</Table.Td>
                <Table.Td>
                  <ResendButton delivery={delivery} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
