import { z } from 'zod';
import { DATE_MIN } from './constants';
import { latestDayOnEarth } from './dates';
import { isMissing } from './field-input';

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
