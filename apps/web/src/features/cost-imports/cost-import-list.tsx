import { COST_IMPORT_FORMAT_LABELS, type CostImport } from '@journey/contracts';
import { Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDate, formatMoney } from '../../lib/format';
import { serverMessage } from '../../lib/trpc';
import { useCostImportList, useUndoCostImport } from './use-cost-imports';

/** "OpenAI", "Anthropic", "Generic": the format's label up to its explanation. */
const formatName = (item: CostImport) => COST_IMPORT_FORMAT_LABELS[item.format].replace(/ \(.*$/, '');

/** The past cost imports, each with its undo (docs/decisions/082-experiment-money.md). */
export function CostImportList() {
  const list = useCostImportList();
  const undo = useUndoCostImport();
  const [confirming, setConfirming] = useState<CostImport | null>(null);
  if (!list.data?.length) return null;

  const confirm = async () => {
    if (!confirming) return;
    try {
      const undone = await undo.mutateAsync({ id: confirming.id });
      notifySuccess('Import undone', `${undone.removed} costs (${formatMoney(undone.total)}) were removed.`);
    } catch (error) {
      notifyError('Undo failed', serverMessage(error) ?? 'Please try again.');
    } finally {
      setConfirming(null);
    }
  };

  return (
    <>
      {/* Focusable: on a phone it scrolls sideways, and an undone import's row has no button to reach. */}
      <Table.ScrollContainer
        minWidth={480}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Past imports"
      >
        <Table>
          <Table.Caption>Past imports</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Import</Table.Th>
              <Table.Th scope="col">Costs</Table.Th>
              <Table.Th scope="col">Total</Table.Th>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">
                <span className="visually-hidden">Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  {formatName(item)} #{item.id}
                </Table.Td>
                <Table.Td>{item.added}</Table.Td>
                <Table.Td>{formatMoney(item.total)}</Table.Td>
                <Table.Td>{formatDate(item.createdAt)}</Table.Td>
                <Table.Td>
                  {item.undoneAt ? (
                    <Text size="sm">Undone</Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setConfirming(item)}
                      aria-label={`Undo ${formatName(item)} import #${item.id}`}
                    >
                      Undo
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        title="Undo this import?"
        opened={confirming !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
        pending={undo.isPending}
        confirmLabel="Undo import"
        pendingLabel="Undoing..."
        color="red.8"
      >
        <Text>
          This deletes the {confirming?.added} costs it added ({formatMoney(confirming?.total ?? '0')}),
          edited ones included.
        </Text>
      </ConfirmDialog>
    </>
  );
}
