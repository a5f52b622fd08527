import type { Broadcast } from '@journey/contracts';
import { Center, Loader, Modal, Stack, Text } from '@mantine/core';
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
        <Center py="md">
          <Loader role="status" aria-label="Loading the failures" />
        </Center>
      ) : failures.isError ? (
        <Text role="alert" c="red.8">
          The failures could not be loaded.
        </Text>
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
