import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { serverFieldErrors } from '../../lib/trpc';
import { useCreateMilestone, useMilestones } from './use-milestones';

const MilestoneForm = lazy(() => import('./milestone-form'));

/** 'Add New Milestone': the button and its dialog, shown to a signed-in user only. */
export function AddMilestoneDialog() {
  const [opened, { open, close }] = useDisclosure(false);
  const create = useCreateMilestone();
  const { data: milestones } = useMilestones();
  const journeyStart = milestones?.reduce<string | undefined>(
    (first, m) => (first === undefined || m.date < first ? m.date : first),
    undefined,
  );
  return (
    <>
      <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={open}>
        Add New Milestone
      </Button>
      <FormDialog title="Add New Milestone" opened={opened} onClose={close}>
        <MilestoneForm
          journeyStart={journeyStart}
          pending={create.isPending}
          onSubmit={async (values) => {
            try {
              await create.mutateAsync(values);
              notifySuccess('Milestone added');
              close();
              return { saved: true };
            } catch (error) {
              console.error(error);
              notifyError('Error', 'There was a problem adding your milestone.');
              return { saved: false, errors: serverFieldErrors(error) };
            }
          }}
        />
      </FormDialog>
    </>
  );
}
