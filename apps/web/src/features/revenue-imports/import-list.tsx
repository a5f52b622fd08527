import { IMPORT_PROVIDER_NAMES, REVENUE_SOURCE_SHORT_LABELS, type RevenueImport } from '@journey/contracts';
import { Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDate, formatMoney } from '../../lib/format';
import { serverMessage } from '../../lib/trpc';
import { useImportList, useUndoImport } from './use-imports';

const providerName = (item: RevenueImport) => IMPORT_PROVIDER_NAMES[item.provider];

/** The past imports, each with its undo (docs/decisions/044-provider-imports.md). */
export function ImportList() {
  const list = useImportList();
  const undo = useUndoImport();
  const [confirming, setConfirming] = useState<RevenueImport | null>(null);
  if (!list.data?.length) return null;

  const confirm = async () => {
    if (!confirming) return;
    try {
      const undone = await undo.mutateAsync({ id: confirming.id });
      notifySuccess(
        'Import undone',
        `${undone.removed} entries (${formatMoney(undone.total)}) were removed.`,
      );
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
              <Table.Th scope="col">Entries</Table.Th>
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
                  {providerName(item)} #{item.id} ({REVENUE_SOURCE_SHORT_LABELS[item.source]})
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
                      aria-label={`Undo ${providerName(item)} import #${item.id}`}
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
          This deletes the {confirming?.added} entries it added ({formatMoney(confirming?.total ?? '0')}),
          edited ones included.
        </Text>
      </ConfirmDialog>
    </>
  );
}
