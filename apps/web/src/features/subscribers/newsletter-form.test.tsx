import { NEWSLETTER_SUCCESS_MS } from '@journey/contracts/constants';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/providers';
import { field } from '../../../test/queries';
import { installFakeTimers } from '../../../test/timers';
import { fail, heldAnswer, mutationCall, ok, type TrpcHandler } from '../../../test/trpc';
import { NewsletterForm } from './newsletter-form';

const THANKS = "Thanks for joining! You'll receive updates soon.";
const consentLabel = /I agree to receive updates/;

function renderNewsletter(subscribe: TrpcHandler = ok({ subscribed: true })) {
  return renderWithProviders(<NewsletterForm />, { trpc: { 'subscribers.subscribe': subscribe } });
}

describe('NewsletterForm', () => {
  it('asks for a valid address and the consent, and sends nothing', async () => {
    const { calls } = renderNewsletter();
    await userEvent.type(field('Email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(field('Email address')).toHaveAccessibleDescription('Please enter a valid email address.'),
    );
    expect(screen.getByRole('checkbox', { name: consentLabel })).toHaveAccessibleDescription(
      'Please agree to receive updates.',
    );
    expect(calls).toHaveLength(0);
  });

  it('asks for the consent when only the address is given', async () => {
    const { calls } = renderNewsletter();
    await userEvent.type(field('Email address'), 'fan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please agree to receive updates.')).toBeInTheDocument();
    expect(field('Email address')).not.toHaveAccessibleDescription();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Processing...', then thanks for 3 s, clears the fields and keeps asking to check the inbox", async () => {
    installFakeTimers();
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const held = heldAnswer();
    const { calls } = renderNewsletter(held.handler);

    await events.type(field('Email address'), 'fan@example.com');
    await events.click(screen.getByRole('checkbox', { name: consentLabel }));
    await events.click(screen.getByRole('button', { name: 'Subscribe' }));
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(calls).toEqual([
      mutationCall('subscribers.subscribe', {
        email: 'fan@example.com',
        consent: true,
        consentVersion: 'v1',
      }),
    ]);

    await act(async () => {
      held.answer(ok({ subscribed: true }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      `${THANKS} Please check your inbox to confirm your address.`,
    );
    expect(field('Email address')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: consentLabel })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();

    await act(() => vi.advanceTimersByTimeAsync(NEWSLETTER_SUCCESS_MS - 1));
    expect(screen.getByText(THANKS)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText(THANKS)).not.toBeInTheDocument();
    expect(NEWSLETTER_SUCCESS_MS).toBe(3000);
    // What the reader still has to do stays: the mail may take longer than 3 s to arrive.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Please check your inbox to confirm your address\.$/,
    );
  });

  it("keeps the input and shows the server's message when the sign-up fails", async () => {
    renderNewsletter(
      fail('BAD_REQUEST', 400, 'Please enter a valid email address.', {
        email: 'Please enter a valid email address.',
      }),
    );
    await userEvent.type(field('Email address'), 'fan@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: consentLabel }));
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(field('Email address')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(field('Email address')).toHaveValue('fan@example.com');
    expect(screen.getByRole('checkbox', { name: consentLabel })).toBeChecked();
    expect(screen.queryByText(THANKS)).not.toBeInTheDocument();
  });

  it('falls back to a generic message when the server gives none', async () => {
    renderNewsletter(fail('SERVICE_UNAVAILABLE', 503, ''));
    await userEvent.type(field('Email address'), 'fan@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: consentLabel }));
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('keeps its honeypot out of reach of people, and sends what a bot typed into it', async () => {
    const { calls } = renderNewsletter();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    if (!honeypot) throw new Error('no honeypot field');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    // A bot fills every field it finds.
    await userEvent.type(honeypot, 'https://spam.example');
    await userEvent.type(field('Email address'), 'bot@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: consentLabel }));
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(calls).toEqual([
        mutationCall('subscribers.subscribe', {
          email: 'bot@example.com',
          consent: true,
          consentVersion: 'v1',
          website: 'https://spam.example',
        }),
      ]),
    );
  });
});
