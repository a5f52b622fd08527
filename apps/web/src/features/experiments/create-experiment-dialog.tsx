import { CreateDialog, type DialogProps } from '../../components/entity-dialogs';
import { ExperimentForm } from './experiment-form';
import { useCreateExperiment } from './use-experiments';

const MESSAGES = { success: 'Experiment added', failure: 'There was a problem adding your experiment.' };

/** The 'Add New Experiment' dialog, fetched by CreateExperimentButton on first open. */
export default function CreateExperimentDialog(props: DialogProps) {
  return (
    <CreateDialog title="Add New Experiment" {...props} create={useCreateExperiment()} messages={MESSAGES}>
      {(form) => <ExperimentForm {...form} />}
    </CreateDialog>
  );
}
