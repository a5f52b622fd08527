import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/providers';
import { field, queryField } from '../../../test/queries';
import type { EntityFormCase } from '../../../test/render';
import { ok } from '../../../test/trpc';
import type { SubmitOutcome } from '../../components/submit-outcome';
import { MilestoneForm, suggestDay, type MilestoneFormValues } from './milestone-form';

const filled: MilestoneFormValues = {
  title: 'First sale',
  description: 'Sold the first template to a stranger.',
  date: '2024-03-15',
  day: 75,
  isRevenue: 0,
  amount: '',
  experimentId: '',
  mailSubscribers: false,
};

/** The experiments the form's select offers. */
const EXPERIMENTS = [
  { id: 3, title: 'Public Domain Flipping' },
  { id: 7, title: 'Sponsored Newsletter' },
];

/** The form inside the app's providers: its Experiment select reads the experiments through tRPC. */
function renderForm(props: EntityFormCase<MilestoneFormValues> & { journeyStart?: string } = {}) {
  const onSubmit = vi.fn(
    async (_values: MilestoneFormValues): Promise<SubmitOutcome> => props.outcome ?? { saved: true },
  );
  const view = renderWithProviders(
    <MilestoneForm
      pending={props.pending ?? false}
      onSubmit={onSubmit}
      initialValues={props.initialValues}
      journeyStart={props.journeyStart}
    />,
    { trpc: { 'experiments.list': ok(EXPERIMENTS) } },
  );
  return { ...view, onSubmit };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('suggestDay', () => {
  const start = '2024-01-01T00:00:00.000Z';

  it('counts the journey start as day 1', () => {
    expect(suggestDay('2024-01-01', start)).toBe(1);
    expect(suggestDay('2024-01-02', start)).toBe(2);
    expect(suggestDay('2024-03-15', start)).toBe(75);
  });

  it('accepts full timestamps for the chosen date and a date-only start', () => {
    expect(suggestDay('2024-01-10T18:30:00.000Z', start)).toBe(10);
    expect(suggestDay('2024-12-31', '2024-01-01')).toBe(366);
  });

  it('gives undefined before the start, without a start or date, and for nonsense', () => {
    expect(suggestDay('2023-12-31', start)).toBeUndefined();
    expect(suggestDay('2024-03-15', undefined)).toBeUndefined();
    expect(suggestDay('2024-03', start)).toBeUndefined();
    expect(suggestDay('', start)).toBeUndefined();
    expect(suggestDay('not a date', start)).toBeUndefined();
  });
});

describe('MilestoneForm', () => {
  it('shows the title, description and day messages of an empty form', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(field('Title'), 'A');
    await userEvent.type(field('Description'), 'Too short');
    await save();
    await waitFor(() =>
      expect(field('Title')).toHaveAccessibleDescription('Title must be at least 2 characters.'),
    );
    expect(field('Description')).toHaveAccessibleDescription('Description must be at least 10 characters.');
    expect(field('Day')).toHaveAccessibleDescription(/Day count is required\./);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows 'Revenue Amount' only after choosing Revenue as the type", async () => {
    renderForm();
    const type = screen.getByRole('radiogroup', { name: 'Type' });
    expect(type).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Milestone' })).toBeChecked();
    expect(queryField('Revenue Amount')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Revenue' }));
    expect(screen.getByRole('radio', { name: 'Revenue' })).toBeChecked();
    expect(field('Revenue Amount')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Milestone' }));
    expect(queryField('Revenue Amount')).not.toBeInTheDocument();
  });

  it('submits a revenue milestone with its amount and resets after saving', async () => {
    const { onSubmit } = renderForm({ initialValues: filled });
    await userEvent.click(screen.getByRole('radio', { name: 'Revenue' }));
    await userEvent.type(field('Revenue Amount'), '1,049.99');
    expect(field('Revenue Amount')).toHaveValue('1,049.99');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ ...filled, isRevenue: 1, amount: '1,049.99' });
    // Reset goes back to the initial values: a plain milestone without the amount field.
    await waitFor(() => expect(queryField('Revenue Amount')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'Milestone' })).toBeChecked();
  });

  it('ties the milestone to an experiment chosen by its title, or to none', async () => {
    const { onSubmit } = renderForm({ initialValues: { ...filled, experimentId: '3' } });
    const select = await screen.findByRole('combobox', { name: 'Experiment' });
    await waitFor(() => expect(select).toHaveDisplayValue('Public Domain Flipping'));
    expect(select).toHaveAccessibleDescription(
      'Optional: the AI Arena experiment it belongs to, listed on that experiment’s page',
    );
    await userEvent.selectOptions(select, 'Sponsored Newsletter');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ ...filled, experimentId: '7' });
    await userEvent.selectOptions(select, 'None');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toEqual(filled);
  });

  it('keeps the input and shows the field errors when the save is refused', async () => {
    const { onSubmit } = renderForm({
      initialValues: filled,
      outcome: { saved: false, errors: { title: 'Title is taken.', day: 'Day must be at most 100,000.' } },
    });
    await userEvent.clear(field('Title'));
    await userEvent.type(field('Title'), 'Renamed sale');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(field('Title')).toHaveAccessibleDescription('Title is taken.'));
    expect(field('Day')).toHaveAccessibleDescription(/Day must be at most 100,000\./);
    expect(field('Title')).toHaveValue('Renamed sale');
    expect(field('Day')).toHaveValue('75');
  });

  // Typed: the field used to parse each typed prefix ('2024' was 2024-01-01) and kept day 1.
  it.each([
    ['pasted', '2024-01-10', '10'],
    ['typed key by key', '2024-03-15', '75'],
  ])('suggests the day of a date %s', async (how, date, day) => {
    renderForm({ journeyStart: '2024-01-01T00:00:00.000Z' });
    const events = userEvent.setup();
    await events.clear(field('Date'));
    await (how === 'pasted' ? events.paste(date) : events.type(field('Date'), date));
    await events.tab();
    expect(field('Date')).toHaveValue(date);
    await waitFor(() => expect(field('Day')).toHaveValue(day));
  });

  // The suggestion's own setFieldValue must not count as the visitor touching Day (touchTrigger: 'focus').
  it('follows a corrected date with the suggested day', async () => {
    renderForm({ journeyStart: '2024-01-01T00:00:00.000Z' });
    const events = userEvent.setup();
    await events.clear(field('Date'));
    await events.paste('2024-01-10');
    await waitFor(() => expect(field('Day')).toHaveValue('10'));
    await events.clear(field('Date'));
    await events.paste('2024-02-01');
    await events.tab();
    expect(field('Date')).toHaveValue('2024-02-01');
    await waitFor(() => expect(field('Day')).toHaveValue('32'));
  });

  it('keeps a day typed by hand when the date changes', async () => {
    renderForm({ journeyStart: '2024-01-01T00:00:00.000Z' });
    const events = userEvent.setup();
    await events.clear(field('Day'));
    await events.type(field('Day'), '3');
    await events.clear(field('Date'));
    await events.paste('2024-02-01');
    await events.tab();
    expect(field('Date')).toHaveValue('2024-02-01');
    expect(field('Day')).toHaveValue('3');
  });

  it("suggests today's day from the journey's start, and says so", async () => {
    renderForm({ journeyStart: '2024-01-01T00:00:00.000Z' });
    const today = new Date();
    const expected =
      Math.floor(
        (Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()) - Date.UTC(2024, 0, 1)) /
          86_400_000,
      ) + 1;
    await waitFor(() => expect(field('Day')).toHaveValue(String(expected)));
    expect(field('Day')).toHaveAccessibleDescription(
      "Suggested from the date: day 1 is the journey's start, Jan 1, 2024.",
    );
  });

  it("reads 'Saving...' and is disabled while pending", () => {
    renderForm({ pending: true });
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  });
});
