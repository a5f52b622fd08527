// Only loaded on demand: the CSS of the Mantine components used here and not in app/mantine-styles.ts.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import { milestoneInput } from '@journey/contracts';
import {
  Button,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { DateField, localToday } from '../../components/date-field';
import { applyOutcome, type SubmitOutcome } from '../../components/submit-outcome';

export interface MilestoneFormValues {
  title: string;
  description: string;
  date: string;
  day: number | string;
  isRevenue: 0 | 1;
  amount: number | string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Day N of the journey, counting the first milestone's date as day 1. */
export function suggestDay(date: string, journeyStart: string | undefined): number | undefined {
  if (!date || !journeyStart) return undefined;
  const days =
    Math.floor((Date.parse(`${date.slice(0, 10)}T00:00:00Z`) - Date.parse(journeyStart)) / DAY_MS) + 1;
  return Number.isFinite(days) && days >= 1 ? days : undefined;
}

const emptyMilestone = (): MilestoneFormValues => ({
  title: '',
  description: '',
  date: localToday(),
  day: '',
  isRevenue: 0,
  amount: '',
});

/** The one milestone form, for adding and editing; the amount shows only for revenue milestones. */
export function MilestoneForm(props: {
  initialValues?: MilestoneFormValues;
  /** The first milestone's date, to suggest the day count from the chosen date. */
  journeyStart?: string;
  pending: boolean;
  onSubmit: (values: MilestoneFormValues) => Promise<SubmitOutcome>;
}) {
  const form = useForm<MilestoneFormValues>({
    initialValues: props.initialValues ?? emptyMilestone(),
    // Only the visitor's own focus on Day stops the suggestion; our setFieldValue must not count.
    touchTrigger: 'focus',
    validate: schemaResolver(milestoneInput, { sync: true }),
  });
  const dateProps = form.getInputProps('date');

  return (
    <form noValidate onSubmit={form.onSubmit(applyOutcome(form, props.onSubmit))}>
      <Stack>
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={3}
          {...form.getInputProps('description')}
        />
        <Group grow align="flex-start">
          <DateField
            label="Date"
            withAsterisk
            {...dateProps}
            onChange={(value) => {
              dateProps.onChange(value);
              const day = suggestDay(String(value ?? ''), props.journeyStart);
              if (day !== undefined && !form.isTouched('day')) form.setFieldValue('day', day);
            }}
          />
          <NumberInput
            label="Day"
            description="Days since the journey began"
            withAsterisk
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('day')}
          />
        </Group>
        <Input.Wrapper label="Type" labelElement="div" labelProps={{ id: 'milestone-type-label' }}>
          <SegmentedControl
            fullWidth
            aria-labelledby="milestone-type-label"
            data={[
              { label: 'Milestone', value: '0' },
              { label: 'Revenue', value: '1' },
            ]}
            value={String(form.values.isRevenue)}
            onChange={(value) => form.setFieldValue('isRevenue', value === '1' ? 1 : 0)}
          />
        </Input.Wrapper>
        {form.values.isRevenue === 1 && (
          <NumberInput
            label="Revenue Amount"
            prefix="$"
            thousandSeparator=","
            decimalScale={2}
            allowNegative={false}
            hideControls
            {...form.getInputProps('amount')}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={props.pending}>
            {props.pending ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default MilestoneForm;
