import type { Revenue } from '@journey/contracts';
import { lazy } from 'react';
import { amountForInput } from '../../components/amount-input';
import { UpdateDialog, type RecordDialogProps } from '../../components/entity-dialogs';
import type { RevenueFormValues } from './revenue-form';
import { useUpdateRevenue } from './use-revenue';

const RevenueForm = lazy(() => import('./revenue-form'));

const MESSAGES = { success: 'Revenue updated', failure: 'There was a problem updating your revenue entry.' };

const formValues = (revenue: Revenue): RevenueFormValues => ({
  ...revenue,
  amount: amountForInput(revenue.amount),
  date: revenue.date.slice(0, 10),
});

export function UpdateRevenueDialog(props: RecordDialogProps<Revenue>) {
  return (
    <UpdateDialog
      title="Edit Revenue"
      {...props}
      update={useUpdateRevenue()}
      messages={MESSAGES}
      formValues={formValues}
    >
      {(form) => <RevenueForm {...form} />}
    </UpdateDialog>
  );
}
