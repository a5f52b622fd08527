import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { field } from '../../../test/queries';
import { renderEntityForm, type EntityFormCase } from '../../../test/render';
import { RevenueForm, type RevenueFormValues } from './revenue-form';

const today = new Date().toISOString().slice(0, 10);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const renderForm = (
  props: EntityFormCase<RevenueFormValues> & {
    withReason?: boolean;
    experiments?: ComponentProps<typeof RevenueForm>['experiments'];
  } = {},
) =>
  renderEntityForm<RevenueFormValues>(
    (form) => (
      <RevenueForm
        {...form}
        initialValues={props.initialValues}
        withReason={props.withReason}
        experiments={props.experiments}
      />
    ),
    props,
  );

/** A filled form: the values an edit opens with. */
const EBOOK_SALES: RevenueFormValues = {
  amount: '250',
  source: 'ai',
  description: 'Ebook sales',
  date: '2024-03-15',
  experimentId: '',
};

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('RevenueForm', () => {
  it('asks for a reason only when editing, and hands it over with the values', async () => {
    renderForm().unmount();
    expect(screen.queryByRole('textbox', { name: 'Reason (optional)' })).toBeNull();
    const initialValues: RevenueFormValues = {
      amount: '12.00',
      source: 'ai',
      description: 'An entry',
      date: '2024-01-02',
      experimentId: '',
      reason: '',
    };
    const { onSubmit } = renderForm({ withReason: true, initialValues });
    const reason = screen.getByRole('textbox', { name: 'Reason (optional)' });
    expect(reason).toHaveAccessibleDescription('Published in the public correction ledger.');
    await userEvent.type(reason, 'Typo in the amount');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ ...initialValues, reason: 'Typo in the amount' });
  });

  it("starts empty with source 'ai', today's date and no experiment", () => {
    renderForm();
    expect(field('Amount')).toHaveValue('');
    expect(field('Source')).toHaveValue('ai');
    expect(field('Description')).toHaveValue('');
    expect(field('Date')).toHaveValue(today);
    expect(field('Experiment')).toHaveValue('');
  });

  it('offers None and each experiment by its title, and hands the chosen id over', async () => {
    const experiments = [
      { id: 3, title: 'Prompt Shop' },
      { id: 7, title: 'Agent Desk' },
    ];
    const { onSubmit } = renderForm({
      experiments,
      initialValues: {
        amount: '25',
        source: 'ai',
        description: 'A sale',
        date: '2024-03-15',
        experimentId: '3',
      },
    });
    const select = field('Experiment');
    expect(select).toHaveValue('3');
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'None',
      'Prompt Shop',
      'Agent Desk',
    ]);
    await userEvent.selectOptions(select, 'Agent Desk');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ experimentId: '7' });
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
    await events.type(field('Amount'), '1,250.00');
    expect(field('Amount')).toHaveValue('1,250.00');
    await events.selectOptions(field('Source'), 'consulting');
    await events.type(field('Description'), 'Consulting retainer for March');
    await events.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      amount: '1,250.00',
      source: 'consulting',
      description: 'Consulting retainer for March',
      date: today,
      experimentId: '',
    });
    await waitFor(() => expect(field('Amount')).toHaveValue(''));
    expect(field('Source')).toHaveValue('ai');
    expect(field('Description')).toHaveValue('');
  });

  it('keeps the input and shows the field errors when the save is refused', async () => {
    const { onSubmit } = renderForm({
      initialValues: { ...EBOOK_SALES, source: 'passive' },
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
      experimentId: '',
    });
    await waitFor(() =>
      expect(field('Amount')).toHaveAccessibleDescription('Amount must be greater than 0.'),
    );
    expect(field('Date')).toHaveAccessibleDescription(/Date cannot be in the future\./);
    expect(field('Amount')).toHaveValue('250');
    expect(field('Source')).toHaveValue('passive');
    expect(field('Description')).toHaveValue('Ebook sales');
    expect(field('Date')).toHaveValue('2024-03-15');
  });

  it.each(['12,5', '12,50', '1,2,3', '1,2345'])(
    'keeps %j as typed and refuses it on amount instead of guessing the comma',
    async (amount) => {
      const { onSubmit } = renderForm({
        initialValues: { ...EBOOK_SALES, amount: '' },
      });
      await userEvent.type(field('Amount'), amount);
      expect(field('Amount')).toHaveValue(amount);
      await save();
      await waitFor(() =>
        expect(field('Amount')).toHaveAccessibleDescription('Amount must be a valid number.'),
      );
      expect(field('Amount')).toHaveValue(amount);
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['14/06/2026', 'Date must be a valid date (YYYY-MM-DD or ISO 8601).'],
    ['2026-13-45', 'Date must be a valid date (YYYY-MM-DD or ISO 8601).'],
    ['2031-01-01', 'Date cannot be in the future.'],
    ['1999-05-05', 'Date cannot be before 2000-01-01.'],
  ])('keeps the typed date %j and refuses it under the field', async (typed, message) => {
    const { onSubmit } = renderForm({
      initialValues: EBOOK_SALES,
    });
    const events = userEvent.setup();
    await events.clear(field('Date'));
    await events.type(field('Date'), typed);
    await events.tab();
    expect(field('Date')).toHaveValue(typed);
    await save();
    await waitFor(() => expect(field('Date')).toHaveAccessibleDescription(new RegExp(escape(message))));
    expect(field('Date')).toHaveValue(typed);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says which dates it accepts under the field, and saves a typed one as typed', async () => {
    const { onSubmit } = renderForm({
      initialValues: EBOOK_SALES,
    });
    expect(field('Date')).toHaveAccessibleDescription('YYYY-MM-DD, from 2000-01-01 to today');
    const events = userEvent.setup();
    await events.clear(field('Date'));
    await events.type(field('Date'), '2021-06-14');
    await events.tab();
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ date: '2021-06-14' });
  });

  it("reads 'Saving...' and is disabled while pending", () => {
    renderForm({ pending: true });
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('does not submit while pending', async () => {
    const { onSubmit } = renderForm({
      pending: true,
      initialValues: EBOOK_SALES,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Saving...' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
