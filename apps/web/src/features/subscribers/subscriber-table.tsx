import { type SUBSCRIBER_SORTS, type Subscriber } from '@journey/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, type Column } from '../../components/data-table';
import { useDeleteFlow } from '../../components/use-delete-flow';
import { useTableQuery } from '../../components/use-table-query';
import { formatDate } from '../../lib/format';
import { useDeleteSubscriber, useSubscriberPage } from './use-subscribers';

type Sort = (typeof SUBSCRIBER_SORTS)[number];

const COLUMNS: Column<Subscriber, Sort>[] = [
  { label: 'Email', sort: 'email', render: (s) => s.email },
  { label: 'Consent', sort: 'consent', render: (s) => (s.consent ? 'Yes' : 'No') },
  { label: 'Subscribed on', sort: 'createdAt', render: (s) => formatDate(s.createdAt) },
];

export function SubscriberTable() {
  const query = useTableQuery<Sort>({ sort: 'createdAt', direction: 'desc' });
  const result = useSubscriberPage(query.input);
  const remove = useDeleteSubscriber();
  const deletion = useDeleteFlow<Subscriber>(remove.mutateAsync);
  return (
    <Stack>
      <Group justify="flex-end">
        <Button
          component="a"
          href="/api/admin/subscribers.csv"
          download
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          Export CSV
        </Button>
      </Group>
      <DataTable
        caption="Subscribers"
        noun="subscriber"
        columns={COLUMNS}
        query={query}
        page={result.data}
        isPending={result.isPending}
        isFetching={result.isFetching}
        isError={result.isError}
        emptyText="No subscribers yet. They appear when visitors join the newsletter."
        rowLabel={(s) => s.email}
        onDelete={deletion.ask}
        focusRef={deletion.tableRef}
      />
      <ConfirmDelete
        noun="subscriber"
        opened={deletion.target !== null}
        pending={deletion.pending}
        onCancel={deletion.cancel}
        onConfirm={deletion.confirm}
      />
    </Stack>
  );
}
