import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { field } from '../../../test/queries';
import { renderWithTheme } from '../../../test/render';
import type { SubmitOutcome } from '../../components/submit-outcome';
import { RevenueForm, type RevenueFormValues } from './revenue-form';

const today = new Date().toISOString().slice(0, 10);

function renderForm(
  props: {
    pending?: boolean;
    initialValues?: RevenueFormValues;
    outcome?: SubmitOutcome;
  } = {},
) {
  const onSubmit = vi.fn(
    async (_values: RevenueFormValues): Promise<SubmitOutcome> => props.outcome ?? { saved: true },
  );
  const view = renderWithTheme(
    <RevenueForm pending={props.pending ?? false} initialValues={props.initialValues} onSubmit={onSubmit} />,
  );
  return { ...view, onSubmit };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('RevenueForm', () => {
  it("starts empty with source 'ai' and today's date", () => {
    renderForm();
    expect(field('Amount')).toHaveValue('');
    expect(field('Source')).toHaveValue('ai');
    expect(field('Description')).toHaveValue('');
    expect(field('Date')).toHaveValue(today);
  });

  it('asks for an amount and a description of at least 5 characters', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(field('Description'), 'Tiny');
    await save();
    await waitFor(() => expect(field('Amount')).toHaveAccessibleDescription('Amount is required.'));
    expect(field('Description')).toHaveAccessibleDescription('Description must be at least 5 characters.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands the typed values to onSubmit and resets the form when they are saved', async () => {
    const { onSubmit } = renderForm({ outcome: { saved: true } });
    const events = userEvent.setup();
    await events.type(field('Amount'), '1234.5');
    expect(field('Amount')).toHaveValue('$1,234.5');
    await events.selectOptions(field('Source'), 'consulting');
    await events.type(field('Description'), 'Consulting retainer for March');
    await events.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      amount: 1234.5,
      source: 'consulting',
      description: 'Consulting retainer for March',
      date: today,
    });
    await waitFor(() => expect(field('Amount')).toHaveValue(''));
    expect(field('Source')).toHaveValue('ai');
    expect(field('Description')).toHaveValue('');
  });

  it('keeps the input and shows the field errors when the save is refused', async () => {
    const { onSubmit } = renderForm({
      initialValues: { amount: '250', source: 'passive', description: 'Ebook sales', date: '2024-03-15' },
      outcome: {
        saved: false,
        errors: { amount: 'Amount must be greater than 0.', date: 'Date cannot be in the future.' },
      },
    });
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      amount: '250',
      source: 'passive',
      description: 'Ebook sales',
      date: '2024-03-15',
    });
    await waitFor(() =>
      expect(field('Amount')).toHaveAccessibleDescription('Amount must be greater than 0.'),
    );
    expect(field('Date')).toHaveAccessibleDescription('Date cannot be in the future.');
    expect(field('Amount')).toHaveValue('$250');
    expect(field('Source')).toHaveValue('passive');
    expect(field('Description')).toHaveValue('Ebook sales');
    expect(field('Date')).toHaveValue('2024-03-15');
  });

  it("reads 'Saving...' and is disabled while pending", () => {
    renderForm({ pending: true });
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('does not submit while pending', async () => {
    const { onSubmit } = renderForm({
      pending: true,
      initialValues: { amount: '250', source: 'ai', description: 'Ebook sales', date: '2024-03-15' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Saving...' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
