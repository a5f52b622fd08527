import { IconUpload } from '@tabler/icons-react';
import { lazy } from 'react';
import { CreateButton } from '../../components/create-button';

const CostImportDialog = lazy(() => import('./cost-import-dialog'));

/** 'Import CSV' beside 'Add New Cost': a billing export into costs. */
export function CostImportButton() {
  return (
    <CreateButton label="Import CSV" Dialog={CostImportDialog} icon={<IconUpload size={18} aria-hidden />} />
  );
}
