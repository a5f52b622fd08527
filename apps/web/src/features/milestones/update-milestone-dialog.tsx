import type { AdminMilestone } from '@journey/contracts';
import { lazy } from 'react';
import { amountForInput } from '../../components/amount-input';
import { UpdateDialog, updateTexts, type RecordDialogProps } from '../../components/entity-dialogs';
import { experimentChoice } from '../experiments/experiment-options';
import type { MilestoneFormValues } from './milestone-form';
import { useUpdateMilestone } from './use-milestones';

const MilestoneForm = lazy(() => import('./milestone-form'));

const TEXTS = updateTexts('Milestone', 'milestone');

const formValues = ({ mailedAt: _mailedAt, ...milestone }: AdminMilestone): MilestoneFormValues => ({
  ...milestone,
  date: milestone.date.slice(0, 10),
  amount: milestone.amount === null ? '' : amountForInput(milestone.amount),
  experimentId: experimentChoice(milestone.experimentId),
  // An edit never mails (docs/decisions/097-automatic-mail.md): the server ignores this.
  mailSubscribers: false,
});

/** No day suggestion here: an edited milestone keeps its day. */
export function UpdateMilestoneDialog(props: RecordDialogProps<AdminMilestone>) {
  return (
    <UpdateDialog {...props} texts={TEXTS} update={useUpdateMilestone()} formValues={formValues}>
      {(form) => <MilestoneForm mailedAt={props.record?.mailedAt} {...form} />}
    </UpdateDialog>
  );
}
