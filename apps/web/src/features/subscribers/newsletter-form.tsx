import {
  CONSENT_TEXTS,
  CURRENT_CONSENT_VERSION,
  HONEYPOT_FIELD,
  LEGAL_PAGES,
  NEWSLETTER_CHECK_INBOX,
  NEWSLETTER_SUCCESS_MS,
  NEWSLETTER_THANKS,
} from '@journey/contracts/constants';
import { Alert, Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { PageLink } from '../../components/page-link';
import { serverFieldErrors, serverMessage, trpc } from '../../lib/trpc';
import classes from './newsletter-form.module.css';

interface NewsletterValues {
  email: string;
  consent: boolean;
}

const PRIVACY_PATH = LEGAL_PAGES.find((page) => page.key === 'privacy')?.path ?? '/privacy';

const EMPTY: NewsletterValues = { email: '', consent: false };

type FieldErrors = Partial<Record<keyof NewsletterValues, ReactNode>>;

// The validation schema brings zod, which the landing page's first load goes without: it is fetched
// when the visitor first focuses the form, and awaited before a submit is validated.
const loadValidation = () => import('./newsletter-validation').then((module) => module.validateNewsletter);

/** The sign-up as the form's fields hold it. */
function submitted(formData: FormData): { values: NewsletterValues; honeypot: string } {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    values: { email: text('email'), consent: formData.has('consent') },
    honeypot: text(HONEYPOT_FIELD),
  };
}

/**
 * 'Stay Updated': a real sign-up (docs/decisions/017-newsletter-and-subscribers.md), thanks shown for 3 s and the
 * request to confirm from the inbox kept, fields cleared. Its fields live in the form, not in React
 * state (nor @mantine/form, 6 KB of the landing page's budget: docs/decisions/027-landing-page-budget.md),
 * and it submits through a React form action: what a reader typed, ticked and submitted before the
 * section hydrated is in the form data React replays to the action once it has
 * (docs/decisions/063-one-render-path-and-hydration.md). React resets the fields after each submit, to
 * their defaults: the values sent, kept after a refusal, empty after a sign-up.
 */
export function NewsletterForm() {
  const subscribe = trpc.subscribers.subscribe.useMutation();
  const [defaults, setDefaults] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [thanked, setThanked] = useState(false);
  // After the 3 s of thanks, what the reader still has to do stays (docs/decisions/056-newsletter-hardening.md).
  const [checkInbox, setCheckInbox] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Typing in a field clears its error, as the admin panel's forms do.
  const clearError = (name: keyof NewsletterValues) =>
    setErrors((current) => ({ ...current, [name]: undefined }));

  const validateThenSubmit = async (formData: FormData) => {
    const { values, honeypot } = submitted(formData);
    setDefaults(values);
    const validate = await loadValidation();
    const invalid: FieldErrors = validate(values);
    setErrors(invalid);
    if (Object.values(invalid).some(Boolean)) return;
    setFailure(null);
    setCheckInbox(false);
    try {
      await subscribe.mutateAsync({
        ...values,
        consentVersion: CURRENT_CONSENT_VERSION,
        // The honeypot (docs/decisions/040-newsletter-delivery.md): people never see it, bots fill it in.
        ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}),
      });
      setDefaults(EMPTY);
      setThanked(true);
      setCheckInbox(true);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setFailure(serverMessage(error) ?? 'Something went wrong. Please try again.');
    }
  };

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => setThanked(false), NEWSLETTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [thanked]);

  return (
    <form noValidate onFocus={() => void loadValidation()} action={validateThenSubmit}>
      <Stack gap="md">
        <TextInput
          type="email"
          label="Email address"
          placeholder="you@example.com"
          autoComplete="email"
          size="md"
          withAsterisk
          name="email"
          defaultValue={defaults.email}
          onChange={() => clearError('email')}
          error={errors.email}
          // Mantine turns the placeholder red with the error; the message, border and label already
          // say it, and the placeholder keeps its readable (AA) colour in both states.
          styles={{ input: { '--input-placeholder-color': 'var(--mantine-color-dimmed)' } }}
        />
        <Checkbox
          label={CONSENT_TEXTS[CURRENT_CONSENT_VERSION]}
          name="consent"
          defaultChecked={defaults.consent}
          onChange={() => clearError('consent')}
          error={errors.consent}
        />
        {/* Outside the checkbox's label and description: a click on it never ticks the box. */}
        <Text size="sm" c="dimmed" mt={-8}>
          What is kept and for how long: the{' '}
          <Anchor component={PageLink} href={PRIVACY_PATH} inherit underline="always">
            Privacy Policy
          </Anchor>
          .
        </Text>
        <div className={classes.honeypot} aria-hidden="true">
          <label>
            Leave this field empty
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <Button type="submit" size="md" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Processing...' : 'Subscribe'}
        </Button>
        <div role="status" aria-live="polite">
          {checkInbox && (
            <Alert color="teal" icon={<IconCircleCheck aria-hidden />} variant="light">
              {thanked && <span>{NEWSLETTER_THANKS} </span>}
              <span>{NEWSLETTER_CHECK_INBOX}</span>
            </Alert>
          )}
        </div>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
