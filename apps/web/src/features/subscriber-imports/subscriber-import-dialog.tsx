import {
  SUBSCRIBER_IMPORT_FORMAT_LABELS,
  SUBSCRIBER_IMPORT_FORMATS,
  type SubscriberImportFormat,
} from '@journey/contracts';
import { Text } from '@mantine/core';
import type { DialogProps } from '../../components/entity-dialogs';
import { CsvImportDialog, type ImportChoices } from '../imports/import-dialog';
import { SubscriberImportPreviewSection } from './subscriber-import-preview';
import { usePreviewSubscriberImport, useRunSubscriberImport } from './use-subscriber-imports';

const CHOICES: ImportChoices<{ format: SubscriberImportFormat }> = {
  format: {
    label: 'Format',
    options: SUBSCRIBER_IMPORT_FORMATS.map((value) => ({
      value,
      label: SUBSCRIBER_IMPORT_FORMAT_LABELS[value],
    })),
    initial: 'mailchimp',
  },
};

const addresses = (count: number) => `${count} ${count === 1 ? 'address' : 'addresses'}`;

/**
 * 'Import CSV' of the Subscribers tab (docs/decisions/096-subscriber-import.md): a row with consent
 * evidence is kept confirmed, one without is sent a confirmation, never a broadcast.
 */
export default function SubscriberImportDialog(props: DialogProps) {
  return (
    <CsvImportDialog
      {...props}
      title="Import subscribers"
      choices={CHOICES}
      placeholder="Choose the export"
      description="Mailchimp's subscribed, unsubscribed or cleaned file; Listmonk's, Substack's or Ghost's export; or a file with email, confirmed_at, consent_evidence."
      previewing={usePreviewSubscriberImport()}
      importing={useRunSubscriberImport()}
      Preview={SubscriberImportPreviewSection}
      action={(preview) => ({ changes: preview.add, label: `Import ${addresses(preview.add)}` })}
      imported={(result) =>
        `${addresses(result.added)} added; ${result.confirmationsQueued} confirmation ${result.confirmationsQueued === 1 ? 'mail' : 'mails'} queued.`
      }
      list={
        <Text size="sm" c="dimmed">
          Imported addresses join the table above with their status; an address already on the list is never
          changed or mailed again. Delete one from its row.
        </Text>
      }
    />
  );
}
