import { NEWSLETTER_SUCCESS_MS, subscribeInput } from '@journey/contracts';
import { Alert, Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { serverFieldErrors, serverMessage, trpc } from '../../lib/trpc';

interface NewsletterValues {
  email: string;
  consent: boolean;
}

/** 'Stay Updated': a real sign-up (DESIGN.md item 4), thanks shown for 3 s, fields cleared. */
export function NewsletterForm() {
  const subscribe = trpc.subscribers.subscribe.useMutation();
  const [thanked, setThanked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewsletterValues>({
    initialValues: { email: '', consent: false },
    validate: schemaResolver(subscribeInput, { sync: true }),
  });

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => setThanked(false), NEWSLETTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [thanked]);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          await subscribe.mutateAsync(values);
          form.reset();
          setThanked(true);
        } catch (error) {
          form.setErrors(serverFieldErrors(error));
          setFailure(serverMessage(error) ?? 'Something went wrong. Please try again.');
        }
      })}
    >
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
