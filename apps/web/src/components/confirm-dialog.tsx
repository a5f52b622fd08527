import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A question before an action that cannot be undone (sending mail, clearing the outbox): Cancel and
 * the action, named by what it does. The delete confirmation of every table is one of these.
 */
export function ConfirmDialog(props: {
  title: string;
  opened: boolean;
  pending: boolean;
  /** The button's text, and its text while the action runs ('Send', 'Sending...'). */
  confirmLabel: string;
  pendingLabel: string;
  color?: string;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {props.children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button color={props.color} onClick={props.onConfirm} disabled={props.pending}>
          {props.pending ? props.pendingLabel : props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
