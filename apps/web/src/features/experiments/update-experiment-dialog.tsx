import type { Experiment } from '@journey/contracts';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { saveWithToasts } from '../../components/submit-outcome';
import { useCreateExperiment, useUpdateExperiment } from './use-experiments';

const ExperimentForm = lazy(() => import('./experiment-form'));

export function AddExperimentDialog() {
  const [opened, { open, close }] = useDisclosure(false);
  const create = useCreateExperiment();
  return (
    <>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={open}>
        Add New Experiment
      </Button>
      <FormDialog title="Add New Experiment" opened={opened} onClose={close}>
        <ExperimentForm
          pending={create.isPending}
          onSubmit={(values) =>
            saveWithToasts(
              () => create.mutateAsync(values),
              { success: 'Experiment added', failure: 'There was a problem adding your experiment.' },
              close,
            )
          }
        />
      </FormDialog>
    </>
  );
}

/** Opens for `experiment`; the form is built from the record each time it opens. */
export function EditExperimentDialog(props: { record: Experiment | null; onClose: () => void }) {
  const update = useUpdateExperiment();
  const experiment = props.record;
  return (
    <FormDialog title="Edit Experiment" opened={experiment !== null} onClose={props.onClose}>
      {experiment && (
        <ExperimentForm
          key={experiment.id}
          initialValues={experiment}
          pending={update.isPending}
          onSubmit={(values) =>
            saveWithToasts(
              () => update.mutateAsync({ ...values, id: experiment.id }),
              { success: 'Experiment updated', failure: 'There was a problem updating your experiment.' },
              props.onClose,
            )
          }
        />
      )}
    </FormDialog>
  );
}
