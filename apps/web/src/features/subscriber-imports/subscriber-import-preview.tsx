import type { SubscriberImportPreview, SubscriberStatus } from '@journey/contracts';
import { Box, Table, Text } from '@mantine/core';

/** The problems shown; the count above stays complete. */
const SHOWN = 20;

const STATUS_WORDS: Record<SubscriberStatus, string> = {
  confirmed: 'Confirmed (evidence kept)',
  pending: 'Pending (confirmation mail)',
  unsubscribed: 'Unsubscribed (never mailed)',
};

/**
 * What the import would do (docs/decisions/096-subscriber-import.md): the counts by status, the
 * addresses to add with the evidence each keeps, then the rows in error with their line.
 */
export function SubscriberImportPreviewSection({ preview }: { preview: SubscriberImportPreview }) {
  const caption =
    preview.rows.length < preview.add
      ? `The first ${preview.rows.length.toLocaleString('en-US')} of ${preview.add.toLocaleString('en-US')} addresses to add`
      : 'Addresses to add';
  const problems = preview.errors.slice(0, SHOWN);
  return (
    <section aria-label="Import preview">
      <ul>
        <li>
          To add: <strong>{preview.add}</strong>
        </li>
        <li>
          Confirmed, with their evidence: <strong>{preview.confirmed}</strong>
        </li>
        <li>
          Pending, each sent one confirmation mail: <strong>{preview.pending}</strong>
        </li>
        <li>
          Unsubscribed, never mailed: <strong>{preview.unsubscribed}</strong>
        </li>
        <li>
          Already on the list (left as they are): <strong>{preview.alreadyOnList}</strong>
        </li>
        <li>
          Repeated in the file: <strong>{preview.duplicate}</strong>
        </li>
        <Text component="li" c={preview.errors.length > 0 ? 'red.8' : undefined}>
          Errors: <strong>{preview.errors.length}</strong>
        </Text>
      </ul>
      {preview.rows.length > 0 && (
        <Box mah="22rem" style={{ overflowY: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
          <Table striped stickyHeader captionSide="top" horizontalSpacing="xs">
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Line</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Status and evidence</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                  <Table.Td>
                    {STATUS_WORDS[row.status]}
                    {row.consentSource && (
                      <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {row.consentSource}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {problems.length > 0 && (
        <Table mt="sm" striped captionSide="top">
          <Table.Caption>
            {problems.length < preview.errors.length
              ? `The first ${problems.length} rows in error`
              : 'Rows in error'}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Line</Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {problems.map((problem) => (
              <Table.Tr key={problem.line}>
                <Table.Td>{problem.line}</Table.Td>
                <Table.Td>{problem.message}</Table.Td>
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
