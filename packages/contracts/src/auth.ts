import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants';
import { isoTimestamp } from './output-fields';
import { emailField, hasNoNul } from './text-fields';

const USERNAME_MESSAGE = `Username must be at least ${USERNAME_MIN} characters`;
const PASSWORD_MESSAGE = `Password must be at least ${PASSWORD_MIN} characters`;

const username = z
  .string({ error: (iss) => (iss.input == null ? 'Username is required' : 'Username must be text') })
  .trim()
  .min(USERNAME_MIN, USERNAME_MESSAGE)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .refine(hasNoNul, 'Username must not contain NUL characters');

const password = z
  .string({ error: (iss) => (iss.input == null ? 'Password is required' : 'Password must be text') })
  .min(PASSWORD_MIN, PASSWORD_MESSAGE)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const loginInput = z.object({ username, password }, { error: 'Expected a JSON object.' });
export type LoginInput = z.input<typeof loginInput>;

export const registerInput = z.object(
  {
    username: username.regex(
      /^[A-Za-z0-9._-]+$/,
      'Username may only contain letters, numbers, dots, dashes and underscores',
    ),
    password,
    email: emailField(),
  },
  { error: 'Expected a JSON object.' },
);
export type RegisterInput = z.input<typeof registerInput>;

/** The register form: confirmPassword is checked here and removed before sending. */
export const registerFormSchema = registerInput
  .extend({ confirmPassword: z.string().min(PASSWORD_MIN, PASSWORD_MESSAGE) })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** The user as clients see it: never the password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  createdAt: isoTimestamp,
});
export type User = z.infer<typeof userSchema>;

const changePasswordFields = z.object(
  {
    currentPassword: z
      .string({
        error: (iss) =>
          iss.input == null ? 'Current password is required' : 'Current password must be text',
      })
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    newPassword: password,
  },
  { error: 'Expected a JSON object.' },
);

const differsFromCurrent = {
  check: (value: { currentPassword: string; newPassword: string }) =>
    value.newPassword !== value.currentPassword,
  params: { message: 'New password must be different from the current one', path: ['newPassword'] },
};

/** Changing the password needs the current one: a borrowed session alone cannot take the account. */
export const changePasswordInput = changePasswordFields.refine(
  differsFromCurrent.check,
  differsFromCurrent.params,
);
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

export const changePasswordFormSchema = changePasswordFields
  .extend({ confirmPassword: z.string() })
  .refine(differsFromCurrent.check, differsFromCurrent.params)
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

/**
 * `pnpm admin:reset-password USERNAME`: a new password by the registration's rule, set from the server's
 * shell for an admin who forgot it (no current password: whoever runs it already holds the database).
 */
export const resetPasswordInput = z.object({ username, newPassword: password });
