import type { Experiment } from '@journey/contracts';
import { lazy } from 'react';
import { UpdateDialog, type RecordDialogProps } from '../../components/entity-dialogs';
import type { ExperimentFormValues } from './experiment-form';
import { useUpdateExperiment } from './use-experiments';

const ExperimentForm = lazy(() => import('./experiment-form'));

const MESSAGES = { success: 'Experiment updated', failure: 'There was a problem updating your experiment.' };

const formValues = (experiment: Experiment): ExperimentFormValues => experiment;

export function UpdateExperimentDialog(props: RecordDialogProps<Experiment>) {
  return (
    <UpdateDialog
      title="Edit Experiment"
      {...props}
      update={useUpdateExperiment()}
      messages={MESSAGES}
      formValues={formValues}
    >
      {(form) => <ExperimentForm {...form} />}
    </UpdateDialog>
  );
}
