import type { LedgerChainCheck, PublishedLedgerRow } from '@journey/contracts/constants';
import { Box, Code, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { describeLedgerRow } from './describe-row';
import classes from './ledger.module.css';
import { rowValues } from './verify-ledger';

const ROWS_PER_PAGE = 50;

/** "2025-01-02 14:05": UTC, as the rows are hashed, to the minute. */
const utcMinute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

const short = (hash: string) => `${hash.slice(0, 12)}…`;

/**
 * What the browser found of a row's values: opened against its commitments, kept private (its
 * commitment shown), or not reached because the chain broke before it.
 */
function RowValuesCell({ row, chain }: { row: PublishedLedgerRow; chain: LedgerChainCheck }) {
  const values = rowValues(row, chain);
  if (values === 'private') {
    const commitment = row.newCommitment ?? row.oldCommitment;
    return (
      <Group gap={4} wrap="nowrap" align="baseline">
        <IconLock size={14} aria-hidden style={{ flex: 'none', alignSelf: 'center' }} />
        <span>
          Private
          {commitment && (
            <>
              {' '}
              · commitment <Code title={commitment}>{short(commitment)}</Code>
            </>
          )}
        </span>
      </Group>
    );
  }
  if (values === 'unchecked') return <span>Not checked</span>;
  const matches = values === 'match';
  const Icon = matches ? IconCircleCheck : IconCircleX;
  const verdict = matches ? 'matches its commitment' : 'does not match its commitment';
  return (
    <Group gap={4} wrap="nowrap">
      <Icon
        size={16}
        aria-hidden
        color={matches ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-red-6)'}
        style={{ flex: 'none' }}
      />
      <Text span size="sm" fw={matches ? undefined : 700}>
        {row.revealedAt ? `Revealed · ${verdict}` : `${verdict[0]?.toUpperCase()}${verdict.slice(1)}`}
      </Text>
    </Group>
  );
}

/** The rows, newest first, a page at a time; the first broken row (if any) is shown and marked. */
export function LedgerRows(props: { rows: readonly PublishedLedgerRow[]; chain: LedgerChainCheck }) {
  const brokenAt = props.chain.intact ? null : props.chain.brokenAt;
  const newestFirst = [...props.rows].reverse();
  const brokenIndex = newestFirst.findIndex((row) => row.id === brokenAt);
  const pages = Math.max(1, Math.ceil(newestFirst.length / ROWS_PER_PAGE));
  const [page, setPage] = useState(brokenIndex >= 0 ? Math.floor(brokenIndex / ROWS_PER_PAGE) + 1 : 1);
  const shown = newestFirst.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);
  return (
    <Stack gap="sm">
      <Box role="region" aria-label="Ledger rows" tabIndex={0} className={classes.scroller}>
        <Table striped verticalSpacing="xs" fz="sm" miw={1000}>
          <caption>Ledger rows, newest first ({props.rows.length.toLocaleString('en-US')})</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Time (UTC)</Table.Th>
              <Table.Th scope="col">Entry</Table.Th>
              <Table.Th scope="col">Change</Table.Th>
              <Table.Th scope="col">Values</Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
              <Table.Th scope="col">Hash</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => {
              const broken = row.id === brokenAt;
              return (
                <Table.Tr
                  key={row.id}
                  data-broken={broken || undefined}
                  bg={broken ? 'var(--mantine-color-red-light)' : undefined}
                >
                  <Table.Td>
                    {row.id}
                    {broken && (
                      <Text span fw={700} size="sm">
                        {' '}
                        (breaks the chain)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{utcMinute(row.time)}</Table.Td>
                  <Table.Td>{row.entryId ?? '—'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{describeLedgerRow(row)}</Table.Td>
                  <Table.Td>
                    <RowValuesCell row={row} chain={props.chain} />
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.reason ?? ''}</Table.Td>
                  <Table.Td>
                    <Code title={row.hash}>{short(row.hash)}</Code>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Stack>
  );
}
