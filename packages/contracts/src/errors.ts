import { z } from 'zod';

/** docs/architecture.md#errors: the body of every non-2xx answer under /api. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
export type FieldErrors = Record<string, string>;

/** The first message for each field, keyed by its dotted path. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (key !== '' && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** A validation failure as the one error body: the first message leads. */
export function validationErrorBody(error: z.ZodError): ErrorBody {
  const errors = fieldErrorsOf(error);
  const message = error.issues[0]?.message ?? 'Invalid input.';
  return Object.keys(errors).length > 0 ? { message, errors } : { message };
}
