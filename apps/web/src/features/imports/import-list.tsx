import { Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDate, formatMoney } from '../../lib/format';
import { serverMessage } from '../../lib/trpc';
import type { ImportMutation } from './use-imports';

/** An import as every kind lists it. */
interface ListedImport {
  id: number;
  added: number;
  total: string;
  createdAt: string;
  undoneAt: string | null;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The past imports of one kind, each with its undo (docs/decisions/044-provider-imports.md). `noun`
 * is what an import adds ("entries", "costs"); `name` an import's name ("Stripe", "OpenAI"), and
 * `title` how its row names it.
 */
export function PastImports<T extends ListedImport>(props: {
  imports: T[] | undefined;
  undo: ImportMutation<{ id: number }, { removed: number; total: string }>;
  noun: string;
  name: (item: T) => string;
  title: (item: T) => string;
}) {
  const { imports, undo, noun, name } = props;
  const [confirming, setConfirming] = useState<T | null>(null);
  if (!imports?.length) return null;

  const confirm = async () => {
    if (!confirming) return;
    try {
      const undone = await undo.mutateAsync({ id: confirming.id });
      notifySuccess(
        'Import undone',
        `${undone.removed} ${noun} (${formatMoney(undone.total)}) were removed.`,
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
              <Table.Th scope="col">{capitalized(noun)}</Table.Th>
              <Table.Th scope="col">Total</Table.Th>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">
                <span className="visually-hidden">Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {imports.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{props.title(item)}</Table.Td>
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
                      aria-label={`Undo ${name(item)} import #${item.id}`}
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
          This deletes the {confirming?.added} {noun} it added ({formatMoney(confirming?.total ?? '0')}),
          edited ones included.
        </Text>
      </ConfirmDialog>
    </>
  );
}
