import { FormDialog } from '../../components/form-dialog';
import { useOpenedAfterMount } from '../../components/on-demand';
import { saveWithToasts } from '../../components/submit-outcome';
import { MilestoneForm } from './milestone-form';
import { useCreateMilestone, useJourneyStart, useMilestones } from './use-milestones';

/** The 'Add New Milestone' dialog, fetched by AddMilestoneDialog on first open. */
export default function AddMilestoneModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateMilestone();
  const loaded = useMilestones().data !== undefined;
  const firstDate = useJourneyStart();
  // null: no milestone yet, so this one is day 1; undefined while the list is loading.
  const journeyStart = loaded ? (firstDate ?? null) : undefined;
  return (
    <FormDialog title="Add New Milestone" opened={useOpenedAfterMount(opened)} onClose={onClose}>
      <MilestoneForm
        journeyStart={journeyStart}
        pending={create.isPending}
        onSubmit={(values) =>
          saveWithToasts(
            () => create.mutateAsync(values),
            { success: 'Milestone added', failure: 'There was a problem adding your milestone.' },
            onClose,
          )
        }
      />
    </FormDialog>
  );
}
