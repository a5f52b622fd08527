import { NEWSLETTER_SUCCESS_MS } from '@journey/contracts/constants';
import { Alert, Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { serverFieldErrors, serverMessage, trpc } from '../../lib/trpc';
import type { validateNewsletter } from './newsletter-validation';

interface NewsletterValues {
  email: string;
  consent: boolean;
}

// The validation schema brings zod, which the landing page's first load goes without: it is fetched
// when the visitor first focuses the form, and awaited before a submit is validated.
const loadValidation = () => import('./newsletter-validation').then((module) => module.validateNewsletter);

/** 'Stay Updated': a real sign-up (DESIGN.md item 4), thanks shown for 3 s, fields cleared. */
export function NewsletterForm() {
  const subscribe = trpc.subscribers.subscribe.useMutation();
  const [thanked, setThanked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const validation = useRef<typeof validateNewsletter | null>(null);
  const form = useForm<NewsletterValues>({
    initialValues: { email: '', consent: false },
    validate: (values) => validation.current?.(values) ?? {},
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await subscribe.mutateAsync(values);
      form.reset();
      setThanked(true);
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      setFailure(serverMessage(error) ?? 'Something went wrong. Please try again.');
    }
  });
  const validateThenSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    validation.current ??= await loadValidation();
    submit();
  };

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => setThanked(false), NEWSLETTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [thanked]);

  return (
    <form noValidate onFocus={() => void loadValidation()} onSubmit={validateThenSubmit}>
      <Stack gap="md">
        <TextInput
          type="email"
          label="Email address"
          placeholder="you@example.com"
          autoComplete="email"
          size="md"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <Checkbox
          label="I agree to receive updates about the journey by email. Unsubscribe any time."
          {...form.getInputProps('consent', { type: 'checkbox' })}
        />
        <Button type="submit" size="md" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Processing...' : 'Subscribe'}
        </Button>
        <div role="status" aria-live="polite">
          {thanked && (
            <Alert color="teal" icon={<IconCircleCheck aria-hidden />} variant="light">
              Thanks for joining! You&apos;ll receive updates soon.
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
