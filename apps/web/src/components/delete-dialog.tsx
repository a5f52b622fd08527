import { DELETE_WARNINGS, type DeletableNoun } from '@journey/contracts/constants';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/** The one delete confirmation of every table (docs/product.md#pages). */
export function DeleteDialog(props: {
  /** "milestone", "revenue entry", "experiment" or "subscriber": the text says what its delete does. */
  noun: DeletableNoun;
  opened: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** A field of this table's own under the question (the revenue entries' reason). */
  children?: ReactNode;
}) {
  return (
    <ConfirmDialog
      title="Are you sure?"
      opened={props.opened}
      pending={props.pending}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      color="red.8"
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      <Text>{DELETE_WARNINGS[props.noun]}</Text>
      {props.children}
    </ConfirmDialog>
  );
}
