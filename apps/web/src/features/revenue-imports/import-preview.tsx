import type { RevenueImportPreview } from '@journey/contracts';
import { Table, Text } from '@mantine/core';
import { formatMoney } from '../../lib/format';

/** The problems shown in the preview's table; the counts above it stay complete. */
const SHOWN = 20;

/** What the import would do: counts, then the first rows left out or in error with their line. */
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
          Duplicates already imported: <strong>{preview.duplicate}</strong>
        </li>
        <li>
          Skipped (refunded, failed or not USD): <strong>{preview.skipped}</strong>
        </li>
        <Text component="li" c={preview.errors.length > 0 ? 'red.8' : undefined}>
          Errors: <strong>{preview.errors.length}</strong>
        </Text>
      </ul>
      {problems.length > 0 && (
        <Table mt="sm" striped>
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
