import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { saveWithToasts } from '../../components/submit-outcome';
import { useCreateMilestone, useJourneyStart } from './use-milestones';

const MilestoneForm = lazy(() => import('./milestone-form'));

/** 'Add New Milestone': the button and its dialog, shown to a signed-in user only. */
export function AddMilestoneDialog() {
  const [opened, { open, close }] = useDisclosure(false);
  const create = useCreateMilestone();
  const journeyStart = useJourneyStart();
  return (
    <>
      <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={open}>
        Add New Milestone
      </Button>
      <FormDialog title="Add New Milestone" opened={opened} onClose={close}>
        <MilestoneForm
          journeyStart={journeyStart}
          pending={create.isPending}
          onSubmit={(values) =>
            saveWithToasts(
              () => create.mutateAsync(values),
              { success: 'Milestone added', failure: 'There was a problem adding your milestone.' },
              close,
            )
          }
        />
      </FormDialog>
    </>
  );
}
