import { ActionIcon, Tooltip } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';

/**
 * A subscriber's row action: everything kept for the address as a JSON file, to answer the reader's
 * access request (docs/decisions/096-subscriber-import.md).
 */
export function ReaderExportLink(props: { subscriber: { id: number; email: string } }) {
  return (
    <Tooltip label="Export this reader's data">
      <ActionIcon
        component="a"
        href={`/api/admin/subscribers/${props.subscriber.id}/export`}
        download={`subscriber-${props.subscriber.id}.json`}
        variant="subtle"
        aria-label={`Export the data of ${props.subscriber.email}`}
      >
        <IconFileExport size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
