import type { Experiment } from '@journey/contracts';
import { lazy } from 'react';
import { UpdateDialog, updateTexts, type RecordDialogProps } from '../../components/entity-dialogs';
import type { ExperimentFormValues } from './experiment-form';
import { useUpdateExperiment } from './use-experiments';

const ExperimentForm = lazy(() => import('./experiment-form'));

const TEXTS = updateTexts('Experiment', 'experiment');

const formValues = (experiment: Experiment): ExperimentFormValues => ({
  ...experiment,
  verdict: experiment.verdict ?? '',
});

export function UpdateExperimentDialog(props: RecordDialogProps<Experiment>) {
  return (
    <UpdateDialog {...props} texts={TEXTS} update={useUpdateExperiment()} formValues={formValues}>
      {(form) => <ExperimentForm {...form} />}
    </UpdateDialog>
  );
}
