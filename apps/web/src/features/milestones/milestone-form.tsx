import {
  milestoneCreateInput,
  parseDateInput,
  type MilestoneInput,
  type MilestoneType,
} from '@journey/contracts';
import {
  Checkbox,
  Group,
  Input,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { AmountInput } from '../../components/amount-input';
import { DateField, formDateRule, localToday } from '../../components/date-field';
import type { EntityFormProps } from '../../components/entity-dialogs';
import { EntityForm } from '../../components/entity-form';
import { DescriptionField, requiredInput } from '../../components/form-fields';
import { formatDate } from '../../lib/format';
import { experimentOptions } from '../experiments/experiment-options';
import { useExperiments } from '../experiments/use-experiments';

/**
 * The schema's input as the fields hold it: every field present, the amount as typed (empty for none),
 * the experiment as its id ('' for none).
 */
export type MilestoneFormValues = Required<MilestoneInput> & {
  isRevenue: MilestoneType;
  amount: string;
  experimentId: string;
  /** Adding only: mail it to the confirmed subscribers (docs/decisions/097-automatic-mail.md). */
  mailSubscribers: boolean;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The shared rules, with the reader's own today for the date (docs/decisions/060-admin-onboarding-and-honest-dates.md). */
const formSchema = milestoneCreateInput.extend({ date: formDateRule() });

/** The UTC calendar day of a date or timestamp, in ms; undefined for text that is no date. */
function utcDay(text: string): number | undefined {
  const date = parseDateInput(text);
  return date ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) : undefined;
}

/** Day N of the journey, counting the journey's start (a setting of the Site tab) as day 1. */
export function suggestDay(date: string, journeyStart: string | undefined): number | undefined {
  const chosen = utcDay(date);
  if (chosen === undefined || journeyStart === undefined) return undefined;
  const start = utcDay(journeyStart);
  if (start === undefined) return undefined;
  const days = Math.floor((chosen - start) / DAY_MS) + 1;
  return days >= 1 ? days : undefined;
}

/** Where the suggested day comes from, shown under the Day field while adding. */
export function dayHint(journeyStart: string | undefined): string {
  if (journeyStart === undefined) return 'Days since the journey began';
  return `Suggested from the date: day 1 is the journey's start, ${formatDate(journeyStart)}.`;
}

const emptyMilestone = (): MilestoneFormValues => ({
  title: '',
  description: '',
  date: localToday(),
  day: '',
  isRevenue: 0,
  amount: '',
  experimentId: '',
  mailSubscribers: false,
});

/** Under the mail box: who gets it, and that it goes once. */
export function mailHint(confirmed: number | undefined): string {
  if (confirmed === undefined) return 'Sent once, to every confirmed subscriber; edits are not mailed.';
  if (confirmed === 0) return 'No confirmed subscribers yet: nothing would be sent.';
  const readers =
    confirmed === 1 ? '1 confirmed subscriber' : `${confirmed.toLocaleString('en-US')} confirmed subscribers`;
  return `Sent once, to ${readers}; edits are not mailed.`;
}

/**
 * The one milestone form, for adding and editing; the amount shows only for revenue milestones. A
 * milestone may belong to an experiment of the AI Arena, whose page then lists it.
 */
export function MilestoneForm(
  props: EntityFormProps<MilestoneFormValues> & {
    initialValues?: MilestoneFormValues;
    /**
     * Adding only: the journey's first day (YYYY-MM-DD), to suggest the day count from the chosen date.
     * Left out (editing), nothing is suggested.
     */
    journeyStart?: string;
    /**
     * Adding only: the box to mail it to subscribers, with how many are confirmed (undefined while
     * that loads). Left out (editing), there is no box: an edit never mails.
     */
    mail?: { confirmed: number | undefined };
    /** Editing only: when it was mailed to subscribers, if it was. */
    mailedAt?: string | null;
  },
) {
  const experiments = useExperiments();
  const form = useForm<MilestoneFormValues>({
    initialValues: props.initialValues ?? emptyMilestone(),
    // Only the visitor's own focus on Day stops the suggestion; our setFieldValue must not count.
    touchTrigger: 'focus',
    validate: schemaResolver(formSchema, { sync: true }),
  });
  const dateProps = form.getInputProps('date');
  const suggest = (date: string) => {
    const day = suggestDay(date, props.journeyStart);
    if (day !== undefined && !form.isTouched('day')) form.setFieldValue('day', day);
  };
  // The opening date (today) gets its suggestion too, once the journey's start is known.
  useEffect(() => {
    suggest(form.getValues().date);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the journey start becomes known
  }, [props.journeyStart]);

  return (
    <EntityForm form={form} pending={props.pending} onSubmit={props.onSubmit}>
      <TextInput label="Title" {...requiredInput(form, 'title')} />
      <DescriptionField minRows={3} {...form.getInputProps('description')} />
      <Group grow align="flex-start">
        <DateField
          label="Date"
          withAsterisk
          {...dateProps}
          onChange={(value) => {
            dateProps.onChange(value);
            suggest(value);
          }}
        />
        <NumberInput
          label="Day"
          description={dayHint(props.journeyStart)}
          // Hints under the inputs keep Date and Day level, however long each hint is.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          {...requiredInput(form, 'day')}
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
        <AmountInput label="Revenue Amount" {...form.getInputProps('amount')} />
      )}
      <NativeSelect
        label="Experiment"
        description="Optional: the AI Arena experiment it belongs to, listed on that experiment’s page"
        data={experimentOptions(experiments.data)}
        {...form.getInputProps('experimentId')}
      />
      {props.mail && (
        <Checkbox
          label="Mail this to subscribers when published"
          description={mailHint(props.mail.confirmed)}
          {...form.getInputProps('mailSubscribers', { type: 'checkbox' })}
        />
      )}
      {props.mailedAt && (
        <Text size="sm" c="dimmed">
          Mailed to subscribers on {formatDate(props.mailedAt)}
        </Text>
      )}
    </EntityForm>
  );
}

export default MilestoneForm;
