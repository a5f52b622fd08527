import type { AuditEvent, AuditFilter } from '@journey/contracts';
import {
  AUDIT_ACTION_GROUP_NAMES,
  AUDIT_GROUP_LABELS,
  auditActionWords,
  formatAgo,
} from '@journey/contracts/constants';
import { Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { QueryFailed, QueryLoading } from '../../components/query-state';
import { useNow } from '../../hooks/use-now';
import { formatDate } from '../../lib/format';
import { useSessions } from '../auth/use-sessions';
import { summariseDetail } from './audit-detail';
import { auditCsvUrl, useAuditPages } from './use-audit';

const GROUP_OPTIONS = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTION_GROUP_NAMES.map((group) => ({ value: group, label: AUDIT_GROUP_LABELS[group] })),
];

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Only what the server accepts: a half-typed date or actor filters nothing yet. */
function filterOf(form: { action: string; actor: string; from: string; to: string }): AuditFilter {
  return {
    ...(form.action ? { action: form.action } : {}),
    ...(form.actor.trim() ? { actor: form.actor.trim() } : {}),
    ...(DAY.test(form.from) ? { from: form.from } : {}),
    ...(DAY.test(form.to) ? { to: form.to } : {}),
  };
}

/**
 * The admin's Activity tab (docs/decisions/088-audit-trail.md): the audit trail newest first, filtered
 * by action group, actor and days, a page at a time, and its CSV with the same filters.
 */
export function ActivityTab() {
  const [form, setForm] = useState({ action: '', actor: '', from: '', to: '' });
  const filter = filterOf(form);
  const pages = useAuditPages(filter);
  const sessions = useSessions();
  const currentSession = sessions.data?.find((session) => session.current)?.id ?? null;
  const now = useNow();
  const headingId = useId();
  const rows = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  const set = (key: keyof typeof form) => (value: string) => setForm((old) => ({ ...old, [key]: value }));

  return (
    <Stack component="section" aria-labelledby={headingId} gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={3} fz={18} id={headingId}>
            Activity
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            Every sign-in, factor change and write to your site: who, when, from where and in which session.
            Only you can see it.
          </Text>
        </div>
        <Button
          component="a"
          href={auditCsvUrl(filter)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download CSV
        </Button>
      </Group>

      <Group gap="sm" align="flex-end" role="search" aria-label="Filter the activity">
        <Select
          label="Actions"
          data={GROUP_OPTIONS}
          value={form.action}
          onChange={(value) => set('action')(value ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput
          label="Actor"
          placeholder="username, cli, system"
          value={form.actor}
          onChange={(event) => set('actor')(event.currentTarget.value)}
          w={{ base: '100%', xs: 180 }}
        />
        <TextInput
          label="From"
          type="date"
          value={form.from}
          onChange={(event) => set('from')(event.currentTarget.value)}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          label="To"
          type="date"
          value={form.to}
          onChange={(event) => set('to')(event.currentTarget.value)}
          w={{ base: '100%', xs: 170 }}
        />
      </Group>

      {pages.isPending ? (
        <QueryLoading label="Loading the activity" py="xl" />
      ) : pages.isError ? (
        <QueryFailed what="the activity" />
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {Object.keys(filter).length > 0 ? 'Nothing matches these filters.' : 'No activity recorded yet.'}
        </Text>
      ) : (
        <>
          {/* Focusable: on a phone the table scrolls sideways, and its rows have no control to reach. */}
          <Table.ScrollContainer
            minWidth={1040}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="Activity rows"
          >
            <Table striped verticalSpacing="sm" aria-label="Activity, newest first">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                  <Table.Th scope="col">Actor</Table.Th>
                  <Table.Th scope="col">IP</Table.Th>
                  <Table.Th scope="col">Session</Table.Th>
                  <Table.Th scope="col">Subject</Table.Th>
                  <Table.Th scope="col">Detail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <ActivityRow key={row.id} row={row} now={now} currentSession={currentSession} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                loading={pages.isFetchingNextPage}
                onClick={() => void pages.fetchNextPage()}
              >
                Load more
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

function ActivityRow(props: { row: AuditEvent; now: number | null; currentSession: string | null }) {
  const { row, now } = props;
  const exact = new Date(row.at).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
  return (
    <Table.Tr data-audit-action={row.action}>
      <Table.Td style={NO_WRAP}>
        <time dateTime={row.at} title={exact}>
          {now === null ? formatDate(row.at) : formatAgo(row.at, now)}
        </time>
      </Table.Td>
      <Table.Td>{auditActionWords(row.action)}</Table.Td>
      <Table.Td style={NO_WRAP}>{row.actor}</Table.Td>
      <Table.Td style={NO_WRAP}>{row.ip ?? '—'}</Table.Td>
      <Table.Td style={NO_WRAP}>
        {row.sessionId === null ? (
          '—'
        ) : row.sessionId === props.currentSession ? (
          'This session'
        ) : (
          <span title={row.sessionId}>{row.sessionId.slice(0, 8)}</span>
        )}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.subject ?? '—'}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{summariseDetail(row.detail) || '—'}</Table.Td>
    </Table.Tr>
  );
}
