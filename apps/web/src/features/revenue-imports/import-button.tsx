import { IconUpload } from '@tabler/icons-react';
import { lazy } from 'react';
import { CreateButton } from '../../components/create-button';

const ImportDialog = lazy(() => import('./import-dialog'));

/** 'Import CSV' beside 'Add New Revenue': a provider's export into revenue entries. */
export function ImportButton() {
  return (
    <CreateButton label="Import CSV" Dialog={ImportDialog} icon={<IconUpload size={18} aria-hidden />} />
  );
}
