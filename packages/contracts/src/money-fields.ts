import { z } from 'zod';
import { MONEY_MAX_INTEGER_DIGITS } from './constants';
import { isMissing } from './field-input';

/** Digits grouped by commas in threes, as in `1,250` or `-12,345,678.90`. */
const GROUPED_THOUSANDS = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * Drops the commas of correctly grouped thousands. Any other comma (`12,50`, `1,2345`) is left in,
 * so the amount is refused: a decimal comma read as a separator would store 100 or 1000 times too much.
 */
export function withoutThousandsSeparators(text: string): string {
  return GROUPED_THOUSANDS.test(text) ? text.replace(/,/g, '') : text;
}

/**
 * docs/decisions/016-money.md: a positive amount below 10^12 with at most two decimals,
 * given as a decimal string or an exact JSON number; the result is the decimal string.
 */
export function moneyField(label = 'Amount') {
  const required = `${label} is required.`;
  const invalid = `${label} must be a valid number.`;
  return z
    .union([z.string(), z.number()], {
      error: (iss) => (isMissing(iss.input) ? required : invalid),
    })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : withoutThousandsSeparators(value.trim());
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      };
      if (text === '') return fail(required);
      if (/^-\d+(\.\d+)?$/.test(text)) return fail(`${label} must be greater than 0.`);
      if (!/^\d+(\.\d+)?$/.test(text)) return fail(invalid);
      const [whole = '', fraction = ''] = text.split('.');
      if (fraction.length > 2) return fail(`${label} can have at most 2 decimal places.`);
      if (whole.replace(/^0+(?=\d)/, '').length > MONEY_MAX_INTEGER_DIGITS) {
        return fail(`${label} must be less than $1,000,000,000,000.`);
      }
      if (/^[0.]+$/.test(text)) return fail(`${label} must be greater than 0.`);
      return text;
    });
}

/** An amount that may be left out: empty, null or missing give null. */
export function optionalMoneyField(label: string) {
  const money = moneyField(label);
  return z
    .union([z.string(), z.number()], { error: `${label} must be a valid number.` })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
        return null;
      const result = money.safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, input: value });
      return z.NEVER;
    });
}
