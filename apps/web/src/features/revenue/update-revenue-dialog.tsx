import type { Revenue } from '@journey/contracts';
import { lazy } from 'react';
import { amountForInput } from '../../components/amount-input';
import { UpdateDialog, updateTexts, type RecordDialogProps } from '../../components/entity-dialogs';
import { experimentChoice } from '../experiments/experiment-options';
import { useExperiments } from '../experiments/use-experiments';
import type { RevenueFormValues } from './revenue-form';
import { useUpdateRevenue } from './use-revenue';

const RevenueForm = lazy(() => import('./revenue-form'));

const TEXTS = updateTexts('Revenue', 'revenue entry');

const formValues = (revenue: Revenue): RevenueFormValues => ({
  ...revenue,
  amount: amountForInput(revenue.amount),
  date: revenue.date.slice(0, 10),
  experimentId: experimentChoice(revenue.experimentId),
  reason: '',
});

export function UpdateRevenueDialog(props: RecordDialogProps<Revenue>) {
  const experiments = useExperiments(props.record !== null);
  return (
    <UpdateDialog {...props} texts={TEXTS} update={useUpdateRevenue()} formValues={formValues}>
      {(form) => <RevenueForm {...form} withReason experiments={experiments.data} />}
    </UpdateDialog>
  );
}
