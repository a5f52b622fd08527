import type { Milestone } from '@journey/contracts';
import { lazy } from 'react';
import { amountForInput } from '../../components/amount-input';
import { FormDialog } from '../../components/form-dialog';
import { saveWithToasts } from '../../components/submit-outcome';
import { useUpdateMilestone } from './use-milestones';

const MilestoneForm = lazy(() => import('./milestone-form'));

/** Opens for `milestone`; the form is built from the record each time it opens (no day suggestion: the day is kept). */
export function EditMilestoneDialog(props: { record: Milestone | null; onClose: () => void }) {
  const update = useUpdateMilestone();
  const milestone = props.record;
  return (
    <FormDialog title="Edit Milestone" opened={milestone !== null} onClose={props.onClose}>
      {milestone && (
        <MilestoneForm
          key={milestone.id}
          initialValues={{
            ...milestone,
            date: milestone.date.slice(0, 10),
            amount: milestone.amount === null ? '' : amountForInput(milestone.amount),
          }}
          pending={update.isPending}
          onSubmit={(values) =>
            saveWithToasts(
              () => update.mutateAsync({ ...values, id: milestone.id }),
              { success: 'Milestone updated', failure: 'There was a problem updating your milestone.' },
              props.onClose,
            )
          }
        />
      )}
    </FormDialog>
  );
}
