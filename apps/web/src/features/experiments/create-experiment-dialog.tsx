import { CreateDialog, createTexts, type DialogProps } from '../../components/entity-dialogs';
import { ExperimentForm } from './experiment-form';
import { useCreateExperiment } from './use-experiments';

const TEXTS = createTexts('Experiment', 'experiment');

/** The 'Add New Experiment' dialog, fetched by CreateExperimentButton on first open. */
export default function CreateExperimentDialog(props: DialogProps) {
  return (
    <CreateDialog {...props} texts={TEXTS} create={useCreateExperiment()}>
      {(form) => <ExperimentForm {...form} />}
    </CreateDialog>
  );
}
