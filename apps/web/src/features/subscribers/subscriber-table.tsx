import type { Subscriber, SubscriberPageRequest } from '@journey/contracts';
import { SUBSCRIBER_PAGE_DEFAULTS } from '@journey/contracts/constants';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Column } from '../../components/data-table';
import { EntityTable } from '../../components/entity-table';
import { formatDate } from '../../lib/format';
import { useDeleteSubscriber, useSubscriberPage } from './use-subscribers';

const COLUMNS: Column<Subscriber, SubscriberPageRequest['sort']>[] = [
  { label: 'Email', sort: 'email', render: (s) => s.email },
  { label: 'Consent', sort: 'consent', render: (s) => (s.consent ? 'Yes' : 'No') },
  { label: 'Subscribed on', sort: 'createdAt', render: (s) => formatDate(s.createdAt) },
];

export function SubscriberTable() {
  return (
    <EntityTable
      caption="Subscribers"
      noun="subscriber"
      columns={COLUMNS}
      defaultSort={SUBSCRIBER_PAGE_DEFAULTS}
      usePage={useSubscriberPage}
      useDelete={useDeleteSubscriber}
      rowLabel={(s) => s.email}
      emptyText="No subscribers yet. They appear when visitors join the newsletter."
      toolbar={
        <Button
          component="a"
          href="/api/admin/subscribers.csv"
          download
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          Export CSV
        </Button>
      }
    />
  );
}
