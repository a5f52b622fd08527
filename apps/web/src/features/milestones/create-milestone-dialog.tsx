import { CreateDialog, createTexts, type DialogProps } from '../../components/entity-dialogs';
import { MilestoneForm } from './milestone-form';
import { useCreateMilestone, useJourneyStart, useMilestones } from './use-milestones';

const TEXTS = createTexts('Milestone', 'milestone');

/** The 'Add New Milestone' dialog, fetched by CreateMilestoneButton on first open. */
export default function CreateMilestoneDialog(props: DialogProps) {
  const loaded = useMilestones().data !== undefined;
  const firstDate = useJourneyStart();
  // null: no milestone yet, so this one is day 1; undefined while the list is loading.
  const journeyStart = loaded ? (firstDate ?? null) : undefined;
  return (
    <CreateDialog {...props} texts={TEXTS} create={useCreateMilestone()}>
      {(form) => <MilestoneForm journeyStart={journeyStart} {...form} />}
    </CreateDialog>
  );
}
