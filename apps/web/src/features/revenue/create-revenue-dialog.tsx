import { CreateDialog, createTexts, type DialogProps } from '../../components/entity-dialogs';
import { useExperiments } from '../experiments/use-experiments';
import { RevenueForm } from './revenue-form';
import { useCreateRevenue } from './use-revenue';

const TEXTS = {
  ...createTexts('Revenue', 'revenue entry'),
  successDetail: 'Your revenue entry has been added successfully.',
};

/** The 'Add New Revenue' dialog, fetched by CreateRevenueButton on first open. */
export default function CreateRevenueDialog(props: DialogProps) {
  const experiments = useExperiments();
  return (
    <CreateDialog {...props} texts={TEXTS} create={useCreateRevenue()}>
      {(form) => <RevenueForm {...form} experiments={experiments.data} />}
    </CreateDialog>
  );
}
