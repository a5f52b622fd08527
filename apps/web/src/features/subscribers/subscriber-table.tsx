// Only loaded on demand: the NativeSelect's chevron is styled by the Combobox CSS (mantine-styles/admin.ts).
import type { Subscriber, SubscriberPageRequest, SubscriberStatus } from '@journey/contracts';
import { SUBSCRIBER_PAGE_DEFAULTS, SUBSCRIBER_STATUSES } from '@journey/contracts/constants';
import { Badge, Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { Column } from '../../components/data-table';
import { EntityTable } from '../../components/entity-table';
import { formatDate } from '../../lib/format';
import { ReaderExportLink } from '../subscriber-imports/reader-export-link';
import { SubscriberImportButton } from '../subscriber-imports/subscriber-import-button';
import { useDeleteSubscriber, useSubscriberCounts, useSubscriberPage } from './use-subscribers';

const STATUS_COLORS: Record<SubscriberStatus, string> = {
  pending: 'yellow',
  confirmed: 'teal',
  unsubscribed: 'gray',
};

const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

/** A confirmed address without a time signed up before double opt-in (docs/decisions/040-newsletter-delivery.md). */
function confirmedOn(subscriber: Subscriber): string {
  if (subscriber.confirmedAt) return formatDate(subscriber.confirmedAt);
  return subscriber.status === 'confirmed' ? 'Before double opt-in' : '–';
}

const COLUMNS: Column<Subscriber, SubscriberPageRequest['sort']>[] = [
  { label: 'Email', sort: 'email', render: (s) => s.email },
  {
    label: 'Status',
    sort: 'status',
    render: (s) => (
      // Mantine's yellow text on its light tint is 2.7:1, its teal 4.3:1; the scheme's text colour is above
      // 4.5:1 on every tint.
      <Badge color={STATUS_COLORS[s.status]} variant="light" c="var(--mantine-color-text)">
        {STATUS_LABELS[s.status]}
      </Badge>
    ),
  },
  { label: 'Consent', sort: 'consent', render: (s) => (s.consent ? `Yes (${s.consentVersion})` : 'No') },
  { label: 'Subscribed on', sort: 'createdAt', render: (s) => formatDate(s.createdAt) },
  { label: 'Confirmed on', render: confirmedOn },
];

const ALL = 'all';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The list's size is its confirmed readers; sign-ups waiting and those who left are told apart. */
function ListCounts() {
  const { data } = useSubscriberCounts();
  if (!data) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="subscriber-counts">
      <Text span fw={600} c="var(--mantine-color-text)">
        {plural(data.confirmed, 'confirmed reader', 'confirmed readers')}
      </Text>
      {` · ${data.pending} awaiting confirmation (erased after ${data.pendingErasedAfterDays} days) · ${data.unsubscribed} unsubscribed`}
    </Text>
  );
}

export function SubscriberTable() {
  const [status, setStatus] = useState<SubscriberStatus | typeof ALL>(ALL);
  return (
    <EntityTable
      caption="Subscribers"
      noun="subscriber"
      columns={COLUMNS}
      defaultSort={SUBSCRIBER_PAGE_DEFAULTS}
      filter={status === ALL ? {} : { status }}
      usePage={useSubscriberPage}
      useDelete={useDeleteSubscriber}
      rowLabel={(s) => s.email}
      rowActions={(s) => <ReaderExportLink subscriber={s} />}
      emptyText="No subscribers yet. They appear when visitors join the newsletter."
      toolbar={
        <Group gap="sm" wrap="wrap" justify="flex-end">
          <ListCounts />
          <NativeSelect
            label="Status"
            aria-label="Show subscribers by status"
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value as SubscriberStatus | typeof ALL)}
            data={[
              { value: ALL, label: 'All' },
              ...SUBSCRIBER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
            ]}
            styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
          />
          <Button
            component="a"
            href="/api/admin/subscribers.csv"
            download
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            Export CSV
          </Button>
          <SubscriberImportButton />
        </Group>
      }
    />
  );
}
