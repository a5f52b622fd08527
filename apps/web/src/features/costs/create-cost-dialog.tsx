import { CreateDialog, createTexts, type DialogProps } from '../../components/entity-dialogs';
import { CostForm } from './cost-form';
import { useCreateCost } from './use-costs';

const TEXTS = { ...createTexts('Cost', 'cost'), successDetail: 'Your cost has been added successfully.' };

/** The 'Add New Cost' dialog, fetched by CreateCostButton on first open. */
export default function CreateCostDialog(props: DialogProps) {
  return (
    <CreateDialog {...props} texts={TEXTS} create={useCreateCost()}>
      {(form) => <CostForm {...form} />}
    </CreateDialog>
  );
}
