import type { ImportLine } from '@journey/contracts';
import { Box, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../../lib/format';

/** The problems shown in the preview's table; the counts above it stay complete. */
const SHOWN = 20;

/** A row the import would add, as every kind's preview lists it. */
interface RowToAdd {
  line: number;
  date: string;
  amount: string;
  externalId: string;
}

/** A row left out (`kind` says why) or in error, at its line. */
export interface PreviewProblem {
  line: number;
  kind?: string;
  reason: string;
}

/**
 * The rows the import would add, as the owner will see them in the table, with the line and the
 * external id (the transaction id, the line's identity) to find each in the file
 * (docs/decisions/054-imports-as-providers-write-them.md). The list scrolls inside the dialog, its
 * header in view; it is focusable so keys scroll it too.
 */
function RowsToAdd<R extends RowToAdd>(props: {
  rows: R[];
  count: number;
  describedAs: string;
  describe: (row: R) => string;
}) {
  const { rows, count } = props;
  const caption =
    rows.length < count
      ? `The first ${rows.length.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} rows to add`
      : 'Rows to add';
  return (
    <Box mt="sm" mah="22rem" style={{ overflowY: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
      <Table striped stickyHeader captionSide="top" horizontalSpacing="xs">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Line</Table.Th>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            <Table.Th scope="col">{props.describedAs}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.amount)}
              </Table.Td>
              <Table.Td>
                {props.describe(row)}
                {/* Under the description: a phone has no room for a fifth column. */}
                <Text ff="monospace" fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {row.externalId}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** The first problems, with their line; a `kind` column when the rows left out are listed too. */
function Problems(props: { problems: PreviewProblem[]; count: number; noun: string }) {
  const shown = props.problems.slice(0, SHOWN);
  const withKind = shown.some((problem) => problem.kind !== undefined);
  if (shown.length === 0) return null;
  return (
    <Table mt="sm" striped captionSide="top">
      <Table.Caption>
        {shown.length < props.count
          ? `The first ${shown.length} ${props.noun}`
          : props.noun.charAt(0).toUpperCase() + props.noun.slice(1)}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Line</Table.Th>
          {withKind && <Table.Th scope="col">Row</Table.Th>}
          <Table.Th scope="col">Reason</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.map((problem) => (
          <Table.Tr key={`${problem.kind}-${problem.line}`}>
            <Table.Td>{problem.line}</Table.Td>
            {withKind && <Table.Td>{problem.kind}</Table.Td>}
            <Table.Td>{problem.reason}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * What the import would do: the counts (to add, then `counts`, then errors), the rows it would add
 * (`describedAs` heads their description column), any `children` tables, then the first `problems`
 * (all of them, `count` in all, `noun` in the caption) with their line.
 */
export function ImportPreviewSection<R extends RowToAdd>(props: {
  preview: { add: number; total: string; rows: R[]; errors: ImportLine[] };
  counts: { label: string; count: number }[];
  describedAs: string;
  describe: (row: R) => string;
  children?: ReactNode;
  problems: { all: PreviewProblem[]; count: number; noun: string };
}) {
  const { preview } = props;
  return (
    <section aria-label="Import preview">
      <ul>
        <li>
          To add: <strong>{preview.add}</strong> ({formatMoney(preview.total)})
        </li>
        {props.counts.map(({ label, count }) => (
          <li key={label}>
            {label}: <strong>{count}</strong>
          </li>
        ))}
        <Text component="li" c={preview.errors.length > 0 ? 'red.8' : undefined}>
          Errors: <strong>{preview.errors.length}</strong>
        </Text>
      </ul>
      {preview.rows.length > 0 && (
        <RowsToAdd
          rows={preview.rows}
          count={preview.add}
          describedAs={props.describedAs}
          describe={props.describe}
        />
      )}
      {props.children}
      <Problems problems={props.problems.all} count={props.problems.count} noun={props.problems.noun} />
      {preview.errors.length > 0 && (
        <Text c="red.8" mt="sm">
          Fix the rows in error and choose the file again: an import with errors stores nothing.
        </Text>
      )}
    </section>
  );
}
