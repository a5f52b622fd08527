import { lazy } from 'react';
import { CreateButton } from '../../components/create-button';

const CreateExperimentDialog = lazy(() => import('./create-experiment-dialog'));

/** 'Add New Experiment', above the admin table. */
export function CreateExperimentButton() {
  return <CreateButton label="Add New Experiment" Dialog={CreateExperimentDialog} />;
}
