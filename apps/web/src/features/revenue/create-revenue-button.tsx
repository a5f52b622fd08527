import { lazy } from 'react';
import { CreateButton } from '../../components/create-button';

const CreateRevenueDialog = lazy(() => import('./create-revenue-dialog'));

/** 'Add New Revenue', shown to a signed-in user only (docs/decisions/012-registration-and-write-access.md). */
export function CreateRevenueButton() {
  return <CreateButton label="Add New Revenue" Dialog={CreateRevenueDialog} />;
}
