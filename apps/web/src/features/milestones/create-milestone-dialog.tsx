import { useSite } from '../../lib/site-context';
import { CreateDialog, createTexts, type DialogProps } from '../../components/entity-dialogs';
import { useNewsletterStatus } from '../newsletter/use-newsletter';
import { MilestoneForm } from './milestone-form';
import { useCreateMilestone } from './use-milestones';

const TEXTS = createTexts('Milestone', 'milestone');

/** The 'Add New Milestone' dialog, fetched by CreateMilestoneButton on first open. */
export default function CreateMilestoneDialog(props: DialogProps) {
  // The Site tab's journey start is day 1; empty only for a moment while the settings load.
  const journeyStart = useSite().journeyStartDate || undefined;
  // How many a milestone mailed when published would reach (docs/decisions/097-automatic-mail.md).
  const confirmed = useNewsletterStatus().data?.confirmedSubscribers;
  return (
    <CreateDialog {...props} texts={TEXTS} create={useCreateMilestone()}>
      {(form) => <MilestoneForm journeyStart={journeyStart} mail={{ confirmed }} {...form} />}
    </CreateDialog>
  );
}
