import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../components/notify';
import { ReasonField } from '../../components/reason-field';
import { serverMessage } from '../../lib/trpc';
import type { EntryHistoryKind, HistoryChange, HistoryField } from './history-kind';

function actionLabel(change: HistoryChange<unknown>): string {
  const verb = { create: 'Created', update: 'Edited', delete: 'Deleted' }[change.action];
  return change.undoOf === null ? verb : `${verb} (undo of change #${change.undoOf})`;
}

const shown = <S,>(field: HistoryField<S>, values: S | null) => (values ? field.shown(values) : '—');
// A missing side (a creation's before, a deletion's after) differs from every value, a null one too.
const raw = <S,>(field: HistoryField<S>, values: S | null) => (values ? field.of(values) : undefined);

/** One change: when, what, each changed field old → new, and why. */
function ChangeItem<S>({ change, fields }: { change: HistoryChange<S>; fields: readonly HistoryField<S>[] }) {
  const changed = fields.filter((field) => raw(field, change.before) !== raw(field, change.after));
  return (
    <li>
      <Text fw={700} size="sm">
        #{change.id} {actionLabel(change)} ·{' '}
        <time dateTime={change.changedAt}>{new Date(change.changedAt).toLocaleString('en-US')}</time>
      </Text>
      <Stack component="ul" gap={0} style={{ paddingLeft: 18, margin: 0 }}>
        {changed.map((field) => (
          <Text component="li" size="sm" key={field.label}>
            {field.label}: {shown(field, change.before)} → {shown(field, change.after)}
          </Text>
        ))}
      </Stack>
      {change.reason && (
        <Text size="sm" c="dimmed">
          Reason: {change.reason}
        </Text>
      )}
    </li>
  );
}

/**
 * A row's history, newest first, and the undo of its last change (docs/decisions/043-correction-ledger.md),
 * confirmed in place with an optional reason; a toast says it is done and the table refreshes. A refused
 * undo (nothing to undo, or the row imported again since) says why, in the server's words.
 */
export function HistoryDialog<S>(props: {
  kind: EntryHistoryKind<S>;
  id: number | null;
  /** Names the row: 'revenue entry $300.00 from Jun 1, 2024'. */
  label: string;
  onClose: () => void;
}) {
  const { useHistory, useUndo, useFields } = props.kind;
  const id = props.id;
  const history = useHistory(id);
  const undo = useUndo();
  const fields = useFields();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const close = () => {
    setConfirming(false);
    setReason('');
    props.onClose();
  };
  const confirmUndo = async () => {
    if (id === null) return;
    try {
      await undo.mutateAsync({ id, reason });
      notifySuccess('Change undone', 'The undo is recorded in the correction ledger.');
      close();
    } catch (error) {
      notifyError('Undo failed', serverMessage(error) ?? 'There was a problem undoing the last change.');
    }
  };
  const changes = history.data?.changes ?? [];
  return (
    <Modal
      opened={id !== null}
      onClose={close}
      title={`History of ${props.label}`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {history.isPending ? (
        <Loader size="sm" aria-label="Loading history" />
      ) : history.isError ? (
        <Alert color="red">The history could not be loaded.</Alert>
      ) : changes.length === 0 ? (
        <Text>{props.kind.noChanges}</Text>
      ) : (
        <Stack
          component="ol"
          gap="sm"
          aria-label="Changes, newest first"
          style={{ padding: 0, listStyle: 'none' }}
        >
          {changes.map((change) => (
            <ChangeItem key={change.id} change={change} fields={fields} />
          ))}
        </Stack>
      )}
      {confirming ? (
        <Stack mt="lg" gap="sm">
          <Text>Undo the last change? The undo is published in the correction ledger.</Text>
          <ReasonField value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => void confirmUndo()} disabled={undo.isPending}>
              {undo.isPending ? 'Undoing...' : 'Undo'}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(true)} disabled={changes.length === 0}>
            Undo last change
          </Button>
        </Group>
      )}
    </Modal>
  );
}

export default HistoryDialog;
