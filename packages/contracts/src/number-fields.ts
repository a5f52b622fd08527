import { z } from 'zod';
import { isMissing } from './field-input';

/** A whole number given as a JSON number or a string of digits (form fields and path parameters). */
export function integerField(opts: {
  requiredMessage: string;
  invalidMessage: string;
  min: number;
  minMessage: string;
  max: number;
  maxMessage: string;
}) {
  return z
    .union([z.number(), z.string()], {
      error: (iss) => (isMissing(iss.input) ? opts.requiredMessage : opts.invalidMessage),
    })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: opts.requiredMessage, input: value });
        return z.NEVER;
      }
      if (!/^-?\d+$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: opts.invalidMessage, input: value });
        return z.NEVER;
      }
      const number = Number(text);
      if (number < opts.min) {
        ctx.addIssue({ code: 'custom', message: opts.minMessage, input: value });
        return z.NEVER;
      }
      if (number > opts.max) {
        ctx.addIssue({ code: 'custom', message: opts.maxMessage, input: value });
        return z.NEVER;
      }
      return number;
    });
}

const ID_MAX = 2_147_483_647;

/**
 * docs/decisions/015-input-rules.md: a positive 32-bit integer, as a JSON number or written plainly in the path.
 * Stricter than a form's whole number: ` 1`, `01` or `+1` are no ids, so a URL names at most one row.
 */
export const idField = z
  .union([z.number(), z.string()], {
    error: (iss) => (isMissing(iss.input) ? 'Id is required.' : 'Id must be a positive whole number.'),
  })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value;
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    if (text === '') return fail('Id is required.');
    if (!/^[1-9]\d*$/.test(text)) return fail('Id must be a positive whole number.');
    if (Number(text) > ID_MAX) return fail('Id is too large.');
    return Number(text);
  });

export const idInput = z.object({ id: idField }, { error: 'Expected a JSON object.' });
