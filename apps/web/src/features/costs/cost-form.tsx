import {
  COST_CATEGORIES,
  COST_CATEGORY_LABELS,
  costEditInput,
  costInput,
  type CostInput,
} from '@journey/contracts';
import { NativeSelect } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { AmountInput } from '../../components/amount-input';
import { DateField, formDateRule, localToday } from '../../components/date-field';
import type { EntityFormProps } from '../../components/entity-dialogs';
import { EntityForm } from '../../components/entity-form';
import { DescriptionField, requiredInput } from '../../components/form-fields';
import { ReasonField } from '../../components/reason-field';
import { useExperimentChoices } from './use-costs';

/** The schema's input as the fields hold it: the amount as typed, the date as YYYY-MM-DD, no experiment as ''. */
export type CostFormValues = CostInput & {
  amount: string;
  date: string;
  experimentId: string;
  reason?: string;
};

const CATEGORY_OPTIONS = COST_CATEGORIES.map((value) => ({ value, label: COST_CATEGORY_LABELS[value] }));
const NO_EXPERIMENT = { value: '', label: 'None' };

// The shared rules, with the reader's own today for the date (docs/decisions/060-admin-onboarding-and-honest-dates.md).
const addSchema = costInput.extend({ date: formDateRule() });
const editSchema = costEditInput.omit({ id: true }).extend({ date: formDateRule() });

const emptyCost = (): CostFormValues => ({
  amount: '',
  date: localToday(),
  category: 'ai-models',
  description: '',
  experimentId: '',
});

/** The one cost form, for adding and for editing (docs/decisions/082-experiment-money.md). */
export function CostForm(
  props: EntityFormProps<CostFormValues> & {
    initialValues?: CostFormValues;
    /** An edit asks why, as a revenue entry's does (docs/decisions/084-ledger-commitments.md); a new cost needs no reason. */
    withReason?: boolean;
  },
) {
  const experiments = useExperimentChoices();
  const form = useForm<CostFormValues>({
    initialValues: props.initialValues ?? emptyCost(),
    validate: schemaResolver(props.withReason ? editSchema : addSchema, { sync: true }),
  });
  const experimentOptions = [
    NO_EXPERIMENT,
    ...(experiments.data ?? []).map((experiment) => ({
      value: String(experiment.id),
      label: experiment.title,
    })),
  ];

  return (
    <EntityForm form={form} pending={props.pending} onSubmit={props.onSubmit}>
      <AmountInput label="Amount (USD)" {...requiredInput(form, 'amount')} />
      <DateField label="Date" {...requiredInput(form, 'date')} />
      <NativeSelect label="Category" data={CATEGORY_OPTIONS} {...requiredInput(form, 'category')} />
      <DescriptionField minRows={2} {...form.getInputProps('description')} />
      <NativeSelect
        label="Experiment"
        description="Optional: the experiment this cost was spent on"
        data={experimentOptions}
        {...form.getInputProps('experimentId')}
      />
      {props.withReason && <ReasonField {...form.getInputProps('reason')} />}
    </EntityForm>
  );
}

export default CostForm;
