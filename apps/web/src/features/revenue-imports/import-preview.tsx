import type { ImportChange, RevenueImportPreview } from '@journey/contracts';
import { Table } from '@mantine/core';
import { formatMoney } from '../../lib/format';
import { ImportPreviewSection } from '../imports/import-preview';

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

/** What the provider import would do, with the entries to correct and the rows left out with their reason. */
export function ImportPreview({ preview }: { preview: RevenueImportPreview }) {
  const problems = [
    ...preview.errors.map((e) => ({ line: e.line, kind: 'Error', reason: e.message })),
    ...preview.skippedReasons.map((s) => ({ line: s.line, kind: 'Skipped', reason: s.reason })),
  ];
  return (
    <ImportPreviewSection
      preview={preview}
      counts={[
        { label: 'To correct (imported before, refunded since)', count: preview.update },
        { label: 'Duplicates already imported', count: preview.duplicate },
        {
          label: 'Skipped (refunded, failed, free, no exchange rate or a summary row)',
          count: preview.skipped,
        },
      ]}
      describedAs="Description (transaction id)"
      describe={(row) => row.description}
      problems={{
        all: problems,
        count: preview.errors.length + preview.skipped,
        noun: 'rows left out or in error',
      }}
    >
      {preview.changes.length > 0 && <EntriesToCorrect changes={preview.changes} count={preview.update} />}
    </ImportPreviewSection>
  );
}
