import {
  REVENUE_SOURCE_LABELS,
  REVENUE_SOURCES,
  revenueEditFields,
  revenueInput,
  type Experiment,
  type RevenueInput,
} from '@journey/contracts';
import { NativeSelect } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { AmountInput } from '../../components/amount-input';
import { DateField, formDateRule, localToday } from '../../components/date-field';
import type { EntityFormProps } from '../../components/entity-dialogs';
import { EntityForm } from '../../components/entity-form';
import { DescriptionField, requiredInput } from '../../components/form-fields';
import { ReasonField } from '../../components/reason-field';
import { experimentOptions } from '../experiments/experiment-options';

/** The schema's input as the fields hold it: the amount as typed, the date as YYYY-MM-DD, no experiment as ''. */
export type RevenueFormValues = RevenueInput & {
  amount: string;
  date: string;
  experimentId: string;
  reason?: string;
};

const SOURCE_OPTIONS = REVENUE_SOURCES.map((value) => ({ value, label: REVENUE_SOURCE_LABELS[value] }));

// The shared rules, with the reader's own today for the date (docs/decisions/060-admin-onboarding-and-honest-dates.md).
const addSchema = revenueInput.extend({ date: formDateRule() });
const editSchema = revenueEditFields.extend({ date: formDateRule() });

const emptyRevenue = (): RevenueFormValues => ({
  amount: '',
  source: 'ai',
  description: '',
  date: localToday(),
  experimentId: '',
});

/** The one revenue form, for adding and for editing (the messages of docs/product.md#validation, through the shared schema). */
export function RevenueForm(
  props: EntityFormProps<RevenueFormValues> & {
    initialValues?: RevenueFormValues;
    /** An edit asks why (docs/decisions/043-correction-ledger.md); a new entry needs no reason. */
    withReason?: boolean;
    /** The experiments the entry may be assigned to (docs/decisions/082-experiment-money.md). */
    experiments?: readonly Pick<Experiment, 'id' | 'title'>[];
  },
) {
  const form = useForm<RevenueFormValues>({
    initialValues: props.initialValues ?? emptyRevenue(),
    validate: schemaResolver(props.withReason ? editSchema : addSchema, { sync: true }),
  });

  return (
    <EntityForm form={form} pending={props.pending} onSubmit={props.onSubmit}>
      <AmountInput label="Amount" {...requiredInput(form, 'amount')} />
      <NativeSelect label="Source" data={SOURCE_OPTIONS} {...requiredInput(form, 'source')} />
      <DescriptionField minRows={2} {...form.getInputProps('description')} />
      <DateField label="Date" {...requiredInput(form, 'date')} />
      <NativeSelect
        label="Experiment"
        description="Optional: the experiment this revenue belongs to; else its revenue rules decide"
        data={experimentOptions(props.experiments)}
        {...form.getInputProps('experimentId')}
      />
      {props.withReason && <ReasonField {...form.getInputProps('reason')} />}
    </EntityForm>
  );
}

export default RevenueForm;
