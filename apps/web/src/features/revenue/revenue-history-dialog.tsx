import type { RevenueChange, RevenueSnapshot } from '@journey/contracts';
import { REVENUE_SOURCE_SHORT_LABELS } from '@journey/contracts/constants';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../components/notify';
import { ReasonField } from '../../components/reason-field';
import { formatDate, formatMoney } from '../../lib/format';
import type { RevenueRow } from './revenue-history-action';
import { useRevenueHistory, useUndoRevenue } from './use-revenue';

const FIELDS = ['amount', 'source', 'description', 'date'] as const;
const FIELD_LABELS = { amount: 'Amount', source: 'Source', description: 'Description', date: 'Date' };

function actionLabel(change: RevenueChange): string {
  const verb = { create: 'Created', update: 'Edited', delete: 'Deleted' }[change.action];
  return change.undoOf === null ? verb : `${verb} (undo of change #${change.undoOf})`;
}

function shown(field: (typeof FIELDS)[number], values: RevenueSnapshot | null): string {
  if (!values) return '—';
  if (field === 'amount') return formatMoney(values.amount);
  if (field === 'source') return REVENUE_SOURCE_SHORT_LABELS[values.source];
  if (field === 'date') return formatDate(values.date);
  return values.description;
}

/** One change: when, what, each changed field old → new, and why. */
function ChangeItem({ change }: { change: RevenueChange }) {
  const changed = FIELDS.filter((field) => change.before?.[field] !== change.after?.[field]);
  return (
    <li>
      <Text fw={700} size="sm">
        #{change.id} {actionLabel(change)} ·{' '}
        <time dateTime={change.changedAt}>{new Date(change.changedAt).toLocaleString('en-US')}</time>
      </Text>
      <Stack component="ul" gap={0} style={{ paddingLeft: 18, margin: 0 }}>
        {changed.map((field) => (
          <Text component="li" size="sm" key={field}>
            {FIELD_LABELS[field]}: {shown(field, change.before)} → {shown(field, change.after)}
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
 * An entry's history, newest first, and the undo of its last change (docs/decisions/043-correction-ledger.md),
 * confirmed in place with an optional reason; a toast says it is done and the table refreshes.
 */
export function RevenueHistoryDialog(props: {
  revenue: RevenueRow | null;
  label: string;
  onClose: () => void;
}) {
  const id = props.revenue?.id ?? null;
  const history = useRevenueHistory(id);
  const undo = useUndoRevenue();
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
    } catch {
      notifyError('Undo failed', 'There was a problem undoing the last change.');
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
        <Text>No change of this entry has been recorded.</Text>
      ) : (
        <Stack
          component="ol"
          gap="sm"
          aria-label="Changes, newest first"
          style={{ padding: 0, listStyle: 'none' }}
        >
          {changes.map((change) => (
            <ChangeItem key={change.id} change={change} />
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
