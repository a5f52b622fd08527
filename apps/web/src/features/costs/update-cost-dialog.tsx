import type { Cost } from '@journey/contracts';
import { lazy } from 'react';
import { amountForInput } from '../../components/amount-input';
import { UpdateDialog, updateTexts, type RecordDialogProps } from '../../components/entity-dialogs';
import type { CostFormValues } from './cost-form';
import { useUpdateCost } from './use-costs';

const CostForm = lazy(() => import('./cost-form'));

const TEXTS = updateTexts('Cost', 'cost');

const formValues = (cost: Cost): CostFormValues => ({
  amount: amountForInput(cost.amount),
  date: cost.date.slice(0, 10),
  category: cost.category,
  description: cost.description,
  experimentId: cost.experimentId === null ? '' : String(cost.experimentId),
  reason: '',
});

export function UpdateCostDialog(props: RecordDialogProps<Cost>) {
  return (
    <UpdateDialog {...props} texts={TEXTS} update={useUpdateCost()} formValues={formValues}>
      {(form) => <CostForm {...form} withReason />}
    </UpdateDialog>
  );
}
