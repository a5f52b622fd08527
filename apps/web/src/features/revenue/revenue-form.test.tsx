import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { field } from '../../../test/queries';
import { renderEntityForm, type EntityFormCase } from '../../../test/render';
import { RevenueForm, type RevenueFormValues } from './revenue-form';

const today = new Date().toISOString().slice(0, 10);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const renderForm = (props: EntityFormCase<RevenueFormValues> & { withReason?: boolean } = {}) =>
  renderEntityForm<RevenueFormValues>(
    (form) => <RevenueForm {...form} initialValues={props.initialValues} withReason={props.withReason} />,
    props,
  );

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
        initialValues: { amount: '', source: 'ai', description: 'Ebook sales', date: '2024-03-15' },
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
      initialValues: { amount: '250', source: 'ai', description: 'Ebook sales', date: '2024-03-15' },
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
      initialValues: { amount: '250', source: 'ai', description: 'Ebook sales', date: '2024-03-15' },
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
      initialValues: { amount: '250', source: 'ai', description: 'Ebook sales', date: '2024-03-15' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Saving...' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
