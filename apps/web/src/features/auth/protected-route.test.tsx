import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FOUNDER } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/providers';
import { fail, heldAnswer, ok, type TrpcHandler } from '../../../test/trpc';
import { ProtectedRoute } from './protected-route';

function renderProtected(me: TrpcHandler) {
  return renderWithProviders(
    <ProtectedRoute>
      <h1>Admin panel</h1>
    </ProtectedRoute>,
    { route: '/admin', routes: { '/auth': <h1>Sign in</h1> }, trpc: { 'auth.me': me } },
  );
}

describe('ProtectedRoute', () => {
  it("shows a loader labelled 'Loading' while the current user is pending", async () => {
    const held = heldAnswer();
    const { calls } = renderProtected(held.handler);
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    held.answer(ok(FOUNDER));
    expect(await screen.findByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
    expect(calls.map((call) => call.procedures)).toEqual([['auth.me']]);
    expect(calls[0]?.method).toBe('GET');
  });

  it('shows the children to a signed-in user', async () => {
    renderProtected(ok(FOUNDER));
    expect(await screen.findByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
  });

  it('redirects an anonymous visitor to /auth', async () => {
    renderProtected(ok(null));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin panel' })).not.toBeInTheDocument();
  });

  it('offers a retry instead of the login page when the current-user call fails', async () => {
    renderProtected(
      fail('SERVICE_UNAVAILABLE', 503, 'The database is unavailable. Please try again shortly.'),
    );
    expect(await screen.findByText('We could not check your session')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
