import { FormDialog } from '../../components/form-dialog';
import { useOpenedAfterMount } from '../../components/on-demand';
import { saveWithToasts } from '../../components/submit-outcome';
import { RevenueForm } from './revenue-form';
import { useCreateRevenue } from './use-revenue';

/** The 'Add New Revenue' dialog, fetched by AddRevenueDialog on first open. */
export default function AddRevenueModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateRevenue();
  return (
    <FormDialog title="Add New Revenue" opened={useOpenedAfterMount(opened)} onClose={onClose}>
      <RevenueForm
        pending={create.isPending}
        onSubmit={(values) =>
          saveWithToasts(
            () => create.mutateAsync(values),
            {
              success: 'Revenue added',
              successDetail: 'Your revenue entry has been added successfully.',
              failure: 'There was a problem adding your revenue entry.',
            },
            onClose,
          )
        }
      />
    </FormDialog>
  );
}
