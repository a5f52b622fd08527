import { lazy } from 'react';
import { CreateButton } from '../../components/create-button';

const CreateCostDialog = lazy(() => import('./create-cost-dialog'));

/** 'Add New Cost' above the costs table. */
export function CreateCostButton() {
  return <CreateButton label="Add New Cost" Dialog={CreateCostDialog} />;
}
