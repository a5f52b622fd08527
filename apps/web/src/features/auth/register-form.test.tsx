import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FOUNDER } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/providers';
import { expectFieldMessages, field } from '../../../test/queries';
import { callsTo, fail, heldAnswer, mutationCall, ok, type TrpcHandler } from '../../../test/trpc';
import { RegisterForm } from './register-form';

function renderRegister(handlers: { register?: TrpcHandler; status?: TrpcHandler } = {}) {
  return renderWithProviders(<RegisterForm />, {
    route: '/auth',
    routes: { '/admin': <h1>Admin panel</h1> },
    trpc: {
      'auth.registrationStatus': handlers.status ?? ok({ open: true }),
      'auth.register': handlers.register ?? ok(FOUNDER),
    },
  });
}

/**
 * Enters the values one paste per field (`typed` types them key by key): every key re-renders the form
 * in jsdom, seconds of CPU per test on a busy machine (decision 058).
 */
async function fill(
  values: { username?: string; email?: string; password?: string; confirm?: string },
  { typed = false } = {},
) {
  const events = userEvent.setup();
  const enter = async (label: string, value: string | undefined) => {
    if (!value) return;
    if (typed) return events.type(field(label), value);
    await events.click(field(label));
    await events.paste(value);
  };
  await enter('Username', values.username);
  await enter('Email', values.email);
  await enter('Password', values.password);
  await enter('Confirm Password', values.confirm);
  await events.click(screen.getByRole('button', { name: 'Create Account' }));
}

const valid = {
  username: 'founder',
  email: 'founder@example.com',
  password: 'secret123',
  confirm: 'secret123',
};

describe('RegisterForm', () => {
  it('asks for matching passwords and sends nothing', async () => {
    const { calls } = renderRegister();
    await fill({ ...valid, confirm: 'secret124' });
    await expectFieldMessages({ 'Confirm Password': 'Passwords do not match', Password: null });
    expect(callsTo(calls, 'auth.register')).toHaveLength(0);
  });

  it('refuses an invalid e-mail address', async () => {
    const { calls } = renderRegister();
    await fill({ ...valid, email: 'not-an-email' });
    await waitFor(() =>
      expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address.'),
    );
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'auth.register')).toHaveLength(0);
  });

  it('shows the length rules of an empty form', async () => {
    renderRegister();
    await fill({});
    await expectFieldMessages({
      Username: 'Username must be at least 3 characters',
      Password: 'Password must be at least 6 characters',
      'Confirm Password': 'Password must be at least 6 characters',
    });
  });

  it('says registration is closed and disables the form when the status answers open: false', async () => {
    renderRegister({ status: ok({ open: false }) });
    expect(await screen.findByText('Registration is closed')).toBeInTheDocument();
    expect(
      screen.getByText('This site already has its admin. Sign in on the Login tab.'),
    ).toBeInTheDocument();
    for (const label of ['Username', 'Email', 'Password', 'Confirm Password']) {
      expect(field(label)).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  });

  it('keeps the form usable while registration is open', async () => {
    const { calls } = renderRegister();
    await waitFor(() =>
      expect(calls.some((call) => call.procedures.includes('auth.registrationStatus'))).toBe(true),
    );
    expect(screen.queryByText('Registration is closed')).not.toBeInTheDocument();
    expect(field('Username')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('sends username, password and email (not confirmPassword), then goes to /admin', async () => {
    const held = heldAnswer();
    const { calls } = renderRegister({ register: held.handler });
    await fill(valid, { typed: true });
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(callsTo(calls, 'auth.register')).toEqual([
      mutationCall('auth.register', {
        username: 'founder',
        email: 'founder@example.com',
        password: 'secret123',
      }),
    ]);
    held.answer(ok(FOUNDER));
    expect(await screen.findByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
    // The toasts' container is fetched with the first toast (components/toasts.tsx).
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(screen.getByText('Your account has been created!')).toBeInTheDocument();
  });

  it("puts a 409's field message under Username and shows the 'Registration failed' toast", async () => {
    renderRegister({
      register: fail('CONFLICT', 409, 'Username already exists', { username: 'Username already exists' }),
    });
    await fill(valid);
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    await waitFor(() => expect(field('Username')).toHaveAccessibleDescription('Username already exists'));
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    // What was sent stays in every field.
    expect(field('Username')).toHaveValue('founder');
    expect(field('Email')).toHaveValue('founder@example.com');
    expect(field('Password')).toHaveValue('secret123');
    expect(field('Confirm Password')).toHaveValue('secret123');
    expect(screen.queryByRole('heading', { name: 'Admin panel' })).not.toBeInTheDocument();
  });

  it("falls back to 'Could not create account' when the server sends no message", async () => {
    renderRegister({ register: fail('INTERNAL_SERVER_ERROR', 500, '') });
    await fill(valid);
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('Could not create account')).toBeInTheDocument();
  });
});
