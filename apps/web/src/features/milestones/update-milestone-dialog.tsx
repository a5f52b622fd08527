import type { Milestone } from '@journey/contracts';
import { lazy } from 'react';
import { amountForInput } from '../../components/amount-input';
import { UpdateDialog, updateTexts, type RecordDialogProps } from '../../components/entity-dialogs';
import { experimentChoice } from '../experiments/experiment-options';
import type { MilestoneFormValues } from './milestone-form';
import { useUpdateMilestone } from './use-milestones';

const MilestoneForm = lazy(() => import('./milestone-form'));

const TEXTS = updateTexts('Milestone', 'milestone');

const formValues = (milestone: Milestone): MilestoneFormValues => ({
  ...milestone,
  date: milestone.date.slice(0, 10),
  amount: milestone.amount === null ? '' : amountForInput(milestone.amount),
  experimentId: experimentChoice(milestone.experimentId),
});

/** No day suggestion here: an edited milestone keeps its day. */
export function UpdateMilestoneDialog(props: RecordDialogProps<Milestone>) {
  return (
    <UpdateDialog {...props} texts={TEXTS} update={useUpdateMilestone()} formValues={formValues}>
      {(form) => <MilestoneForm {...form} />}
    </UpdateDialog>
  );
}
