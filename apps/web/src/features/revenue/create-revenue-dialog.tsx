import { CreateDialog, createTexts, type DialogProps } from '../../components/entity-dialogs';
import { RevenueForm } from './revenue-form';
import { useCreateRevenue } from './use-revenue';

const TEXTS = {
  ...createTexts('Revenue', 'revenue entry'),
  successDetail: 'Your revenue entry has been added successfully.',
};

/** The 'Add New Revenue' dialog, fetched by CreateRevenueButton on first open. */
export default function CreateRevenueDialog(props: DialogProps) {
  return (
    <CreateDialog {...props} texts={TEXTS} create={useCreateRevenue()}>
      {(form) => <RevenueForm {...form} />}
    </CreateDialog>
  );
}
