import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it } from 'vitest';
import { FOUNDER } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/providers';
import { expectFieldMessages, field } from '../../../test/queries';
import { fail, heldAnswer, ok, type TrpcHandler } from '../../../test/trpc';
import { trpc } from '../../lib/trpc';
import { LoginForm } from './login-form';

function renderLogin(login: TrpcHandler, secondFactor?: TrpcHandler) {
  return renderWithProviders(<LoginForm />, {
    route: '/auth',
    routes: { '/admin': <h1>Admin panel</h1> },
    trpc: { 'auth.login': login, ...(secondFactor ? { 'auth.secondFactor': secondFactor } : {}) },
  });
}

/** What the server answers a right password with when the account has a second factor (decision 086). */
const CHALLENGE = { secondFactorRequired: true, methods: ['totp', 'recovery'] };

async function fillAndSubmit(username: string, password: string) {
  const events = userEvent.setup();
  if (username) await events.type(field('Username'), username);
  if (password) await events.type(field('Password'), password);
  await events.click(screen.getByRole('button', { name: 'Login' }));
  return events;
}

describe('LoginForm', () => {
  it.each([
    ['empty values', '', ''],
    ['a too short username and password', 'ab', '12345'],
  ])('shows both field messages for %s and sends nothing', async (_case, username, password) => {
    const { fetchMock } = renderLogin(ok(FOUNDER));
    await fillAndSubmit(username, password);
    await expectFieldMessages({
      Username: 'Username must be at least 3 characters',
      Password: 'Password must be at least 6 characters',
    });
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
    // The refused values stay in the fields.
    expect(field('Username')).toHaveValue(username);
    expect(field('Password')).toHaveValue(password);
  });

  it("clears a field's message as soon as it is typed in, and only that field's", async () => {
    renderLogin(ok(FOUNDER));
    const events = await fillAndSubmit('', '');
    await expectFieldMessages({ Username: 'Username must be at least 3 characters' });
    await events.type(field('Username'), 'f');
    await expectFieldMessages({ Username: null, Password: 'Password must be at least 6 characters' });
    expect(field('Username')).not.toHaveAttribute('aria-invalid');
  });

  it('reads the fields when submitted: text put there without any input event is sent', async () => {
    // What a reader typed before the page hydrated reached the DOM only; the form data carries it.
    const { calls } = renderLogin(ok(FOUNDER));
    (field('Username') as HTMLInputElement).value = 'founder';
    (field('Password') as HTMLInputElement).value = 'secret123';
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ inputs: [{ username: 'founder', password: 'secret123' }] });
  });

  it('sends the credentials to auth.login, greets the user and goes to /admin', async () => {
    const { fetchMock, calls, queryClient } = renderLogin(ok(FOUNDER));
    await fillAndSubmit('founder', 'secret123');
    expect(await screen.findByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calls[0]).toMatchObject({
      url: '/api/trpc/auth.login?batch=1',
      method: 'POST',
      inputs: [{ username: 'founder', password: 'secret123' }],
    });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome to the Unicorn admin panel!')).toBeInTheDocument();
    // docs/product.md#states: the answer becomes the current user.
    expect(queryClient.getQueryData(getQueryKey(trpc.auth.me, undefined, 'query'))).toEqual(FOUNDER);
  });

  it("reads 'Logging in...' and is disabled while the call is pending", async () => {
    const held = heldAnswer();
    renderLogin(held.handler);
    await fillAndSubmit('founder', 'secret123');
    const button = await screen.findByRole('button', { name: 'Logging in...' });
    expect(button).toBeDisabled();
    held.answer(ok(FOUNDER));
    expect(await screen.findByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
  });

  it("shows the 'Login failed' toast with the server's message on a 401 and stays on the form", async () => {
    const { calls } = renderLogin(fail('UNAUTHORIZED', 401, 'Invalid username or password'));
    await fillAndSubmit('founder', 'wrong-password');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Admin panel' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    expect(field('Username')).toHaveValue('founder');
    expect(field('Password')).toHaveValue('wrong-password');
  });

  it("falls back to 'Invalid username or password' when the server sends no message", async () => {
    renderLogin(fail('UNAUTHORIZED', 401, ''));
    await fillAndSubmit('founder', 'wrong-password');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
  });

  it("names the field the server refused (docs/architecture.md#errors) and shows a 429's message", async () => {
    renderLogin(
      fail('TOO_MANY_REQUESTS', 429, 'Too many login attempts. Try again in 60 seconds.', {
        username: 'Too many attempts for this user',
      }),
    );
    await fillAndSubmit('founder', 'secret123');
    expect(await screen.findByText('Too many login attempts. Try again in 60 seconds.')).toBeInTheDocument();
    expect(field('Username')).toHaveAccessibleDescription('Too many attempts for this user');
  });

  describe('with a second factor', () => {
    it('asks for the code after the password, sets no user until it is right, then goes to /admin', async () => {
      const { calls, queryClient } = renderLogin(ok(CHALLENGE), ok(FOUNDER));
      const events = await fillAndSubmit('founder', 'secret123');
      const code = await screen.findByRole('textbox', { name: 'Authentication code' });
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      expect(code).toHaveAttribute('inputmode', 'numeric');
      expect(code).toHaveFocus();
      expect(queryClient.getQueryData(getQueryKey(trpc.auth.me, undefined, 'query'))).toBeUndefined();
      await events.type(code, '123456');
      await events.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
      expect(calls[1]).toMatchObject({
        url: '/api/trpc/auth.secondFactor?batch=1',
        inputs: [{ code: '123456' }],
      });
      expect(queryClient.getQueryData(getQueryKey(trpc.auth.me, undefined, 'query'))).toEqual(FOUNDER);
    });

    it("takes a recovery code instead, shows a wrong code's message under the field, and starts over", async () => {
      renderLogin(
        ok(CHALLENGE),
        fail('UNAUTHORIZED', 401, 'Invalid code. Check it and try again.', {
          code: 'Invalid code. Check it and try again.',
        }),
      );
      const events = await fillAndSubmit('founder', 'secret123');
      await events.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
      const code = screen.getByRole('textbox', { name: 'Recovery code' });
      expect(code).toHaveAttribute('autocomplete', 'off');
      await events.type(code, 'abcdefg-hijklmn-opqrstu-vwxyz23');
      await events.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Login failed')).toBeInTheDocument();
      await waitFor(() =>
        expect(field('Recovery code')).toHaveAccessibleDescription(/Invalid code\. Check it and try again\./),
      );
      expect(screen.queryByRole('heading', { name: 'Admin panel' })).not.toBeInTheDocument();
      await events.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
      expect(screen.getByRole('textbox', { name: 'Authentication code' })).toBeInTheDocument();
      await events.click(screen.getByRole('button', { name: 'Start over' }));
      expect(field('Username')).toBeInTheDocument();
    });
  });
});
