import type { ImportChange, ImportRow, RevenueImportPreview } from '@journey/contracts';
import { Box, Table, Text } from '@mantine/core';
import { formatDate, formatMoney } from '../../lib/format';

/** The problems shown in the preview's table; the counts above it stay complete. */
const SHOWN = 20;

/**
 * The rows the import would add, as the owner will see them in the revenue table, with the line and
 * the transaction id to find each in the file (docs/decisions/054-imports-as-providers-write-them.md).
 * The list scrolls inside the dialog, its header in view; it is focusable so keys scroll it too.
 */
function RowsToAdd({ rows, count }: { rows: ImportRow[]; count: number }) {
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
            <Table.Th scope="col">Description (transaction id)</Table.Th>
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
                {row.description}
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

/** Entries imported before that the file says were refunded since: what each will become. */
function EntriesToCorrect({ changes, count }: { changes: ImportChange[]; count: number }) {
  const caption =
    changes.length < count
      ? `The first ${changes.length.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} entries to correct`
      : 'Entries to correct';
  return (
    <Table mt="sm" striped captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Line</Table.Th>
          <Table.Th scope="col">Transaction</Table.Th>
          <Table.Th scope="col">Change</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.line}>
            <Table.Td>{change.line}</Table.Td>
            <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
              {change.externalId}
            </Table.Td>
            <Table.Td>
              {change.to === null
                ? `Refunded in full: ${formatMoney(change.from)} deleted`
                : `Refunded in part: ${formatMoney(change.from)} → ${formatMoney(change.to)}`}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the import would do: counts, the rows it would add, then the first rows left out or in error with their line. */
export function ImportPreview({ preview }: { preview: RevenueImportPreview }) {
  const problems = [
    ...preview.errors.map((e) => ({ line: e.line, kind: 'Error', reason: e.message })),
    ...preview.skippedReasons.map((s) => ({ line: s.line, kind: 'Skipped', reason: s.reason })),
  ].slice(0, SHOWN);
  return (
    <section aria-label="Import preview">
      <ul>
        <li>
          To add: <strong>{preview.add}</strong> ({formatMoney(preview.total)})
        </li>
        <li>
          To correct (imported before, refunded since): <strong>{preview.update}</strong>
        </li>
        <li>
          Duplicates already imported: <strong>{preview.duplicate}</strong>
        </li>
        <li>
          Skipped (refunded, failed, free, no exchange rate or a summary row):{' '}
          <strong>{preview.skipped}</strong>
        </li>
        <Text component="li" c={preview.errors.length > 0 ? 'red.8' : undefined}>
          Errors: <strong>{preview.errors.length}</strong>
        </Text>
      </ul>
      {preview.rows.length > 0 && <RowsToAdd rows={preview.rows} count={preview.add} />}
      {preview.changes.length > 0 && <EntriesToCorrect changes={preview.changes} count={preview.update} />}
      {problems.length > 0 && (
        <Table mt="sm" striped captionSide="top">
          <Table.Caption>
            {problems.length < preview.errors.length + preview.skipped
              ? `The first ${problems.length} rows left out or in error`
              : 'Rows left out or in error'}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Line</Table.Th>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {problems.map((p) => (
              <Table.Tr key={`${p.kind}-${p.line}`}>
                <Table.Td>{p.line}</Table.Td>
                <Table.Td>{p.kind}</Table.Td>
                <Table.Td>{p.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {preview.errors.length > 0 && (
        <Text c="red.8" mt="sm">
          Fix the rows in error and choose the file again: an import with errors stores nothing.
        </Text>
      )}
    </section>
  );
}
