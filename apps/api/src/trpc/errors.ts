import { fieldErrorsOf, type ErrorBody, type FieldErrors } from '@journey/contracts';
import { isDatabaseUnavailable } from '@journey/db';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';

/** Carries field messages to the one error body (docs/architecture.md#errors). */
export class FieldErrorsCause extends Error {
  constructor(readonly errors: FieldErrors) {
    super(Object.values(errors)[0] ?? 'Invalid input.');
  }
}

/** A TRPCError whose body names the field at fault, such as a taken username. */
export function fieldError(code: TRPCError['code'], field: string, message: string): TRPCError {
  return new TRPCError({ code, message, cause: new FieldErrorsCause({ [field]: message }) });
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable. Please try again shortly.';
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** The status and body of an error raised by a procedure; 5xx details are never sent. */
export function describeTRPCError(error: TRPCError): { status: number; body: ErrorBody } {
  if (error.cause instanceof ZodError) {
    const errors = fieldErrorsOf(error.cause);
    const message = error.cause.issues[0]?.message ?? 'Invalid input.';
    return { status: 400, body: Object.keys(errors).length ? { message, errors } : { message } };
  }
  if (error.cause instanceof FieldErrorsCause) {
    return {
      status: getHTTPStatusCodeFromError(error),
      body: { message: error.message, errors: error.cause.errors },
    };
  }
  if (error.code === 'SERVICE_UNAVAILABLE' || isDatabaseUnavailable(error.cause)) {
    return { status: 503, body: { message: DATABASE_UNAVAILABLE_MESSAGE } };
  }
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500) return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE } };
  return { status, body: { message: error.message } };
}

/**
 * tRPC's `responseMeta`: an error tRPC raises before it has set a content type (a POST without a
 * Content-Type header) would go out as text/plain, though its body is the JSON error.
 */
export function jsonErrorResponseMeta(opts: { errors: unknown[]; eagerGeneration: boolean }) {
  return opts.errors.length > 0 && !opts.eagerGeneration
    ? { headers: { 'content-type': 'application/json' } }
    : {};
}
