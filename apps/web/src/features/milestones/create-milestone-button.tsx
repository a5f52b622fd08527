import { lazy } from 'react';
import { CreateButton } from '../../components/create-button';

const CreateMilestoneDialog = lazy(() => import('./create-milestone-dialog'));

/** 'Add New Milestone', shown to a signed-in user only. */
export function CreateMilestoneButton() {
  return <CreateButton label="Add New Milestone" Dialog={CreateMilestoneDialog} />;
}
