import { fieldErrorsOf } from '@journey/contracts';
import { useState, type ReactNode } from 'react';
import { notifyError } from '../../components/notify';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';

type ValidationError = Parameters<typeof fieldErrorsOf>[0];

/** A schema of @journey/contracts: the one the server checks the same input with. */
interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: ValidationError };
}

/**
 * The sign-in and registration forms' React form action, in the newsletter's shape
 * (features/subscribers/newsletter-form.tsx): the fields live in the form, not in React state, and the
 * action reads them from the submitted FormData. What was typed, and submitted, before the page
 * hydrated is therefore what the action reads: React replays a held submit once it has
 * (docs/decisions/063-one-render-path-and-hydration.md). The values are checked with the server's
 * schema first; after a refusal (the schema's or the server's) the fields keep what was sent, as React
 * resets a form to its fields' defaults after each action, and those defaults are the values sent.
 */
export function useAuthForm<Field extends string, Answer = unknown>(options: {
  fields: readonly Field[];
  schema: Schema;
  /** Sends the checked values; a rejection is the server's refusal. */
  send: (values: Record<Field, string>) => Promise<Answer>;
  /** After the server has accepted them, with its answer (a sign-in may ask for a second factor). */
  done: (answer: Answer) => void;
  /** The toast's title and the message shown when the server gives none. */
  failure: [title: string, fallback: string];
}) {
  const [defaults, setDefaults] = useState<Partial<Record<Field, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<string, ReactNode>>>({});

  const action = async (formData: FormData) => {
    const values = {} as Record<Field, string>;
    for (const field of options.fields) {
      const value = formData.get(field);
      values[field] = typeof value === 'string' ? value : '';
    }
    setDefaults(values);
    const checked = options.schema.safeParse(values);
    setErrors(checked.success ? {} : fieldErrorsOf(checked.error));
    if (!checked.success) return;
    let answer: Answer;
    try {
      answer = await options.send(values);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      notifyError(options.failure[0], serverMessage(error) ?? options.failure[1]);
      return;
    }
    options.done(answer);
  };

  /** A required field's props: its name, the value it had when sent, its message; typing clears that. */
  const field = (name: Field) => ({
    name,
    withAsterisk: true,
    defaultValue: defaults[name] ?? '',
    error: errors[name],
    onChange: () => setErrors((current) => ({ ...current, [name]: undefined })),
  });

  return { action, field };
}
