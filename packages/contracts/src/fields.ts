import { z } from 'zod';
import {
  DATE_MIN,
  DEFAULT_EXPERIMENT_IMAGE_URL,
  EMAIL_MAX,
  MONEY_MAX_INTEGER_DIGITS,
  URL_MAX,
} from './constants';
import { latestDayOnEarth } from './dates';

const isMissing = (input: unknown) => input === undefined || input === null;

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

const DATE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Parses `YYYY-MM-DD` (midnight UTC) or an ISO 8601 timestamp; null when it is no real date. */
export function parseDateInput(text: string): Date | null {
  const match = DATE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  const isDateOnly = match[4] === undefined;
  const date = new Date(isDateOnly ? `${year}-${month}-${day}T00:00:00Z` : text.trim());
  if (Number.isNaN(date.getTime())) return null;
  // Reject dates that JavaScript silently rolls over, such as 2023-02-30.
  const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day)) return null;
  return date;
}

const DATE_MIN_MS = Date.parse(`${DATE_MIN}T00:00:00Z`);

/** The UTC calendar day of a parsed date: the day it is stored and shown as. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * docs/decisions/015-input-rules.md: a past date from 2000-01-01 on, returned as a Date. Its UTC day
 * may not be after `latestDay()`: the latest day on Earth on the server, the reader's today in a form
 * (docs/decisions/060-admin-onboarding-and-honest-dates.md).
 */
export function pastDateField(opts: { requiredMessage?: string; latestDay?: () => string } = {}) {
  const requiredMessage = opts.requiredMessage ?? 'A date is required.';
  const latestDay = opts.latestDay ?? (() => latestDayOnEarth());
  const invalid = 'Date must be a valid date (YYYY-MM-DD or ISO 8601).';
  return z
    .string({ error: (iss) => (isMissing(iss.input) ? requiredMessage : invalid) })
    .transform((value, ctx) => {
      if (value.trim() === '') {
        ctx.addIssue({ code: 'custom', message: requiredMessage, input: value });
        return z.NEVER;
      }
      const date = parseDateInput(value);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: invalid, input: value });
        return z.NEVER;
      }
      if (date.getTime() < DATE_MIN_MS) {
        ctx.addIssue({ code: 'custom', message: 'Date cannot be before 2000-01-01.', input: value });
        return z.NEVER;
      }
      if (utcDay(date) > latestDay()) {
        ctx.addIssue({ code: 'custom', message: 'Date cannot be in the future.', input: value });
        return z.NEVER;
      }
      return date;
    });
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

/** Said of an `http://` image: the page's CSP loads images over https only, as the Markdown does. */
export const IMAGE_NOT_HTTPS_MESSAGE =
  'Image must be an https:// address or a path on this site (/images/…).';

/** An image address: an absolute https URL, or a path on this site such as the seeded images. */
export function imageUrlField() {
  const message = 'Please enter a valid URL for the image.';
  return z
    .string({ error: message })
    .trim()
    .max(URL_MAX, message)
    .refine((value) => value === '' || !/^http:/i.test(value), IMAGE_NOT_HTTPS_MESSAGE)
    .refine((value) => value === '' || /^http:/i.test(value) || isImageAddress(value), message)
    .optional()
    .nullable()
    .transform((value) => (value ? value : DEFAULT_EXPERIMENT_IMAGE_URL));
}

/** An image address the experiment form accepts as typed (empty, meaning the default image, is not one). */
export function isImageAddress(value: string): boolean {
  const text = value.trim();
  return text !== '' && text.length <= URL_MAX && hasNoNul(text) && isImageUrl(text);
}

function isImageUrl(value: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    // http:// would be blocked by the page's CSP (img-src https:), so it is no image address here.
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
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

/** Output of every timestamp: ISO 8601 in UTC. */
export const isoTimestamp = z.string().describe('ISO 8601 timestamp');
/** Output of every amount: a decimal string with two decimals. */
export const decimalString = z.string().describe('Decimal string with two decimals, e.g. "1234.50"');
