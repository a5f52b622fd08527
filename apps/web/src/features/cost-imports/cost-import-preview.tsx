import { COST_CATEGORY_LABELS, type CostImportPreview, type CostImportRow } from '@journey/contracts';
import { Box, Table, Text } from '@mantine/core';
import { formatDate, formatMoney } from '../../lib/format';

/** The errors shown in the preview's table; the count above it stays complete. */
const SHOWN = 20;

/** The rows the import would add, with their line and the line's id in the export. */
function RowsToAdd({ rows, count }: { rows: CostImportRow[]; count: number }) {
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
            <Table.Th scope="col">Description (category)</Table.Th>
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
                {row.description} ({COST_CATEGORY_LABELS[row.category]})
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

/** What the import would do: counts, the rows it would add, then the first rows refused with their line. */
export function CostImportPreviewSection({ preview }: { preview: CostImportPreview }) {
  const errors = preview.errors.slice(0, SHOWN);
  return (
    <section aria-label="Import preview">
      <ul>
        <li>
          To add: <strong>{preview.add}</strong> ({formatMoney(preview.total)})
        </li>
        <li>
          Duplicates already imported: <strong>{preview.duplicate}</strong>
        </li>
        <li>
          Skipped (less than half a cent): <strong>{preview.skipped}</strong>
        </li>
        <Text component="li" c={preview.errors.length > 0 ? 'red.8' : undefined}>
          Errors: <strong>{preview.errors.length}</strong>
        </Text>
      </ul>
      {preview.rows.length > 0 && <RowsToAdd rows={preview.rows} count={preview.add} />}
      {errors.length > 0 && (
        <Table mt="sm" striped captionSide="top">
          <Table.Caption>
            {errors.length < preview.errors.length
              ? `The first ${errors.length} rows in error`
              : 'Rows in error'}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Line</Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((error) => (
              <Table.Tr key={error.line}>
                <Table.Td>{error.line}</Table.Td>
                <Table.Td>{error.message}</Table.Td>
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
