import { IconUpload } from '@tabler/icons-react';
import { lazy } from 'react';
import { CreateButton } from '../../components/create-button';

const SubscriberImportDialog = lazy(() => import('./subscriber-import-dialog'));

/** 'Import CSV' in the Subscribers tab's toolbar: another service's export into the list. */
export function SubscriberImportButton() {
  return (
    <CreateButton
      label="Import CSV"
      Dialog={SubscriberImportDialog}
      icon={<IconUpload size={18} aria-hidden />}
    />
  );
}
