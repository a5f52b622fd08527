import { CreateDialog, type DialogProps } from '../../components/entity-dialogs';
import { RevenueForm } from './revenue-form';
import { useCreateRevenue } from './use-revenue';

const MESSAGES = {
  success: 'Revenue added',
  successDetail: 'Your revenue entry has been added successfully.',
  failure: 'There was a problem adding your revenue entry.',
};

/** The 'Add New Revenue' dialog, fetched by CreateRevenueButton on first open. */
export default function CreateRevenueDialog(props: DialogProps) {
  return (
    <CreateDialog title="Add New Revenue" {...props} create={useCreateRevenue()} messages={MESSAGES}>
      {(form) => <RevenueForm {...form} />}
    </CreateDialog>
  );
}
