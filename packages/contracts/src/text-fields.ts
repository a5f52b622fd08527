import { z } from 'zod';
import { EMAIL_MAX } from './constants';
import { isMissing } from './field-input';

/** PostgreSQL text cannot hold NUL characters: refuse them here instead of failing in the database. */
export const hasNoNul = (value: string) => !value.includes('\u0000');

/** Trimmed text with the spec's messages for missing, too short and too long. */
export function textField(opts: {
  label: string;
  min: number;
  max: number;
  minMessage?: string;
  requiredMessage?: string;
}) {
  const required = opts.requiredMessage ?? `${opts.label} is required.`;
  return z
    .string({ error: (iss) => (isMissing(iss.input) ? required : `${opts.label} must be text.`) })
    .trim()
    .min(opts.min, opts.minMessage ?? `${opts.label} must be at least ${opts.min} characters.`)
    .max(opts.max, `${opts.label} must be at most ${opts.max} characters.`)
    .refine(hasNoNul, `${opts.label} must not contain NUL characters.`);
}

export function emailField() {
  const message = 'Please enter a valid email address.';
  return z
    .string({ error: (iss) => (isMissing(iss.input) ? 'Email is required.' : message) })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required.')
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters.`)
    .refine(hasNoNul, message)
    .pipe(z.email(message));
}
