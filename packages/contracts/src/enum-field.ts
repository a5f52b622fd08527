import { z } from 'zod';

/** "a, b or c": the values an enum field accepts, as its message lists them. */
function listed(values: readonly string[]): string {
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values.join('');
}

/** One of `values`, with the spec's messages for missing and for anything else. */
export function enumField<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, {
    error: (iss) =>
      iss.input == null || iss.input === '' ? `${label} is required.` : `${label} must be ${listed(values)}.`,
  });
}
