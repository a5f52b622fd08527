import type { Revenue } from '@journey/contracts';
import { lazy } from 'react';
import { amountForInput } from '../../components/amount-input';
import { FormDialog } from '../../components/form-dialog';
import { saveWithToasts } from '../../components/submit-outcome';
import { useUpdateRevenue } from './use-revenue';

const RevenueForm = lazy(() => import('./revenue-form'));

/** Opens for `revenue`; the form is built from the record each time it opens. */
export function EditRevenueDialog(props: { record: Revenue | null; onClose: () => void }) {
  const update = useUpdateRevenue();
  const revenue = props.record;
  return (
    <FormDialog title="Edit Revenue" opened={revenue !== null} onClose={props.onClose}>
      {revenue && (
        <RevenueForm
          key={revenue.id}
          initialValues={{
            ...revenue,
            amount: amountForInput(revenue.amount),
            date: revenue.date.slice(0, 10),
          }}
          pending={update.isPending}
          onSubmit={(values) =>
            saveWithToasts(
              () => update.mutateAsync({ ...values, id: revenue.id }),
              { success: 'Revenue updated', failure: 'There was a problem updating your revenue entry.' },
              props.onClose,
            )
          }
        />
      )}
    </FormDialog>
  );
}
