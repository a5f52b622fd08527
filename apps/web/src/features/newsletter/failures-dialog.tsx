import type { Broadcast } from '@journey/contracts';
import { Modal, Stack, Text } from '@mantine/core';
import { QueryFailed, QueryLoading } from '../../components/query-state';
import { useBroadcastFailures } from './use-newsletter';

/** Why a broadcast's mail failed: each address with the reply that refused it (the latest 50). */
export function FailuresDialog(props: { broadcast: Broadcast | null; onClose: () => void }) {
  const { broadcast } = props;
  const failures = useBroadcastFailures(broadcast?.id ?? 0, broadcast !== null);
  return (
    <Modal
      opened={broadcast !== null}
      onClose={props.onClose}
      title={`Failed mail of '${broadcast?.subject ?? ''}'`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {failures.isPending ? (
        <QueryLoading label="Loading the failures" py="md" />
      ) : failures.isError ? (
        <QueryFailed what="failures" />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {failures.data.map((failure, index) => (
            <li key={`${failure.recipient}-${index}`}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {failure.recipient}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {failure.reason}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
