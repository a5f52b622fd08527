import { Button, Group, Modal, Text } from '@mantine/core';

/** The one delete confirmation of every table (docs/product.md#pages). */
export function DeleteDialog(props: {
  /** "milestone", "revenue entry", "experiment" or "subscriber". */
  noun: string;
  opened: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title="Are you sure?"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Text>This will permanently delete this {props.noun}. This action cannot be undone.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button color="red.8" onClick={props.onConfirm} disabled={props.pending}>
          {props.pending ? 'Deleting...' : 'Delete'}
        </Button>
      </Group>
    </Modal>
  );
}
