// Only loaded on demand: the CSS of the Mantine components used here and not in app/mantine-styles.ts.
import '@mantine/core/styles/Combobox.css';
import { REVENUE_SOURCE_LABELS, REVENUE_SOURCES, revenueInput, type RevenueInput } from '@journey/contracts';
import { Button, Group, NativeSelect, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { AmountInput } from '../../components/amount-input';
import { DateField, localToday } from '../../components/date-field';
import { applyOutcome, type SubmitOutcome } from '../../components/submit-outcome';

export interface RevenueFormValues {
  amount: string;
  source: RevenueInput['source'];
  description: string;
  date: string;
}

const emptyRevenue = (): RevenueFormValues => ({
  amount: '',
  source: 'ai',
  description: '',
  date: localToday(),
});

/** The one revenue form, for adding and for editing (SPEC.md section 5 messages through the shared schema). */
export function RevenueForm(props: {
  initialValues?: RevenueFormValues;
  pending: boolean;
  onSubmit: (values: RevenueFormValues) => Promise<SubmitOutcome>;
}) {
  const form = useForm<RevenueFormValues>({
    initialValues: props.initialValues ?? emptyRevenue(),
    validate: schemaResolver(revenueInput, { sync: true }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit(applyOutcome(form, props.onSubmit))}>
      <Stack>
        <AmountInput label="Amount" withAsterisk {...form.getInputProps('amount')} />
        <NativeSelect
          label="Source"
          withAsterisk
          data={REVENUE_SOURCES.map((value) => ({ value, label: REVENUE_SOURCE_LABELS[value] }))}
          {...form.getInputProps('source')}
        />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <DateField label="Date" withAsterisk {...form.getInputProps('date')} />
        <Group justify="flex-end">
          <Button type="submit" disabled={props.pending}>
            {props.pending ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default RevenueForm;
