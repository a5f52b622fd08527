import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FOUNDER } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/providers';
import { expectFieldMessages, field } from '../../../test/queries';
import {
  callsTo,
  fail,
  heldAnswer,
  mutationCall,
  ok,
  type TrpcCall,
  type TrpcHandler,
} from '../../../test/trpc';
import { ChangePasswordForm } from './change-password-form';
import { useCurrentUser } from './use-current-user';

/** The form as the admin page holds it: beside a header that shows the current user. */
function AdminHeaderAndForm(props: { onDone: () => void; onCancel: () => void }) {
  const { data } = useCurrentUser();
  return (
    <>
      {data && <p>Welcome, {data.username}</p>}
      <ChangePasswordForm {...props} />
    </>
  );
}

async function renderForm(changePassword: TrpcHandler = ok(null)) {
  const onDone = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithProviders(<AdminHeaderAndForm onDone={onDone} onCancel={onCancel} />, {
    route: '/admin',
    trpc: { 'auth.changePassword': changePassword, 'auth.me': ok(FOUNDER) },
  });
  expect(await screen.findByText('Welcome, founder')).toBeInTheDocument();
  return { ...view, onDone, onCancel };
}

/**
 * Enters the values as a password manager does, one paste per field (`typed` types them key by key):
 * every key re-renders the form in jsdom, seconds of CPU per test on a busy machine (decision 058).
 */
async function fill(values: { current?: string; next?: string; confirm?: string }, { typed = false } = {}) {
  const events = userEvent.setup();
  const enter = async (label: string, value: string | undefined) => {
    if (!value) return;
    if (typed) return events.type(field(label), value);
    await events.click(field(label));
    await events.paste(value);
  };
  await enter('Current password', values.current);
  await enter('New password', values.next);
  await enter('Confirm new password', values.confirm);
  await events.click(screen.getByRole('button', { name: 'Change password' }));
}

const changeCalls = (calls: TrpcCall[]) => callsTo(calls, 'auth.changePassword');

const valid = { current: 'old-secret', next: 'new-secret', confirm: 'new-secret' };

describe('ChangePasswordForm', () => {
  it('asks for the current password and a long enough new one, and sends nothing', async () => {
    const { calls } = await renderForm();
    await fill({});
    await expectFieldMessages({
      'Current password': 'Current password is required',
      'New password': 'Password must be at least 6 characters',
    });
    expect(changeCalls(calls)).toHaveLength(0);
  });

  it('asks for matching new passwords', async () => {
    const { calls } = await renderForm();
    await fill({ ...valid, confirm: 'new-secreT' });
    await expectFieldMessages({ 'Confirm new password': 'Passwords do not match', 'New password': null });
    expect(changeCalls(calls)).toHaveLength(0);
  });

  it('refuses a new password equal to the current one', async () => {
    const { calls } = await renderForm();
    await fill({ current: 'same-secret', next: 'same-secret', confirm: 'same-secret' });
    await waitFor(() =>
      expect(field('New password')).toHaveAccessibleDescription(
        'New password must be different from the current one',
      ),
    );
    expect(changeCalls(calls)).toHaveLength(0);
  });

  it("sends the current and new password (not the confirmation), shows 'Saving...', then the toast", async () => {
    const held = heldAnswer();
    const { calls, onDone } = await renderForm(held.handler);
    await fill(valid, { typed: true });
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(changeCalls(calls)).toEqual([
      mutationCall('auth.changePassword', { currentPassword: 'old-secret', newPassword: 'new-secret' }),
    ]);
    expect(onDone).not.toHaveBeenCalled();
    expect(callsTo(calls, 'auth.me')).toHaveLength(1);

    held.answer(ok(null));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Other sessions have been signed out.')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(field('Current password')).toHaveValue('');
    expect(field('New password')).toHaveValue('');
    expect(field('Confirm new password')).toHaveValue('');
    // The session was rotated: the current user is asked for again.
    await waitFor(() => expect(callsTo(calls, 'auth.me')).toHaveLength(2));
  });

  it('puts a wrong current password under its field, keeps the input and shows no toast', async () => {
    const { onDone } = await renderForm(
      fail('BAD_REQUEST', 400, 'Current password is incorrect', {
        currentPassword: 'Current password is incorrect',
      }),
    );
    await fill(valid);
    await waitFor(() =>
      expect(field('Current password')).toHaveAccessibleDescription('Current password is incorrect'),
    );
    expect(field('Current password')).toHaveValue('old-secret');
    expect(field('New password')).toHaveValue('new-secret');
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("shows the server's message in the destructive toast when it names no field", async () => {
    const { onDone } = await renderForm(
      fail('TOO_MANY_REQUESTS', 429, 'Too many login attempts. Try again in 600 seconds.'),
    );
    await fill(valid);
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Too many login attempts. Try again in 600 seconds.')).toBeInTheDocument();
    expect(field('Current password')).not.toHaveAccessibleDescription();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('Cancel calls onCancel and sends nothing', async () => {
    const { calls, onCancel } = await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(changeCalls(calls)).toHaveLength(0);
  });
});
