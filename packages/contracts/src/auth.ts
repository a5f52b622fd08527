import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants';
import { emailField, hasNoNul, isoTimestamp } from './fields';

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
