import { createHash } from 'node:crypto';
import {
  COST_CATEGORIES,
  COST_CATEGORY_LABELS,
  COST_DESCRIPTION_MAX,
  IMPORT_EXTERNAL_ID_MAX,
  type CostCategory,
} from '@journey/contracts';
import { MONEY_MAX_INTEGER_DIGITS } from '@journey/contracts';
import { utcDate } from '../revenue-imports/format';
import type { Read } from '../revenue-imports/money';

/**
 * The cost exports (docs/decisions/082-experiment-money.md): each format names its columns, each with
 * the spellings it is found under, and reads a row into one cost line.
 */

/** A cell by its column's key (see CostExportFormat.columns); '' when the column is absent or the cell empty. */
export type CostCells = (key: string) => string;

/** One line of an export, before the database is asked whether it is stored already. */
export interface CostLine {
  /** The export's own identity of the line (its day and line item, model, project or workspace). */
  identity: string;
  cents: bigint;
  date: Date;
  category: CostCategory;
  description: string;
  /** The generic file's experiment cell: a slug, an exact title, or ''. */
  experiment: string;
}

export type CostRowOutcome = { line: CostLine } | { skip: string } | { error: string };

export interface CostExportFormat {
  /** Each column's key and the header names it is found under (matched ignoring case and spaces). */
  columns: Record<string, readonly string[]>;
  /** The keys a header must have. */
  required: readonly string[];
  read(cells: CostCells): CostRowOutcome;
}

const MAX_CENTS = 10n ** BigInt(MONEY_MAX_INTEGER_DIGITS + 2);
const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,3}))?$/i;

/**
 * An export's amount rounded to the cent, half up, exactly (BigInt, never a float): the providers
 * bill fractions of a cent per line (docs/decisions/082-experiment-money.md). `unit` is what one of
 * the file's units is worth: 'dollars', or 'cents' (Anthropic's cost report).
 */
export function roundedCents(text: string, label: string, unit: 'dollars' | 'cents'): Read<bigint> {
  const trimmed = text.trim();
  if (trimmed === '') return { error: `${label} is required.` };
  const match = NUMBER.exec(trimmed);
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match ?? [];
  if (!match || whole + fraction === '') return { error: `${label} must be a number ("${trimmed}").` };
  const digits = BigInt(whole + fraction);
  if (sign === '-' && digits !== 0n)
    return {
      error: `${label} is negative (${trimmed}): a cost is a positive amount; credits are not imported.`,
    };
  const shift = Number(exponent) - fraction.length + (unit === 'dollars' ? 2 : 0);
  let cents: bigint;
  if (shift >= 0) cents = shift > 20 ? MAX_CENTS : digits * 10n ** BigInt(shift);
  else if (shift < -60) cents = 0n;
  else {
    const divisor = 10n ** BigInt(-shift);
    cents = (digits + divisor / 2n) / divisor;
  }
  if (cents >= MAX_CENTS) return { error: `${label} must be less than $1,000,000,000,000.` };
  return { value: cents };
}

/** Refuses a row in another currency: amounts are imported in USD only, never converted. */
export function usdOnly(currency: string, label: string): string | null {
  const code = currency.trim();
  if (code === '' || code.toUpperCase() === 'USD') return null;
  return `${label} is "${code}": only USD amounts are imported (nothing is converted); export in USD or add the cost by hand.`;
}

/** A date as the exports write it: Unix seconds (OpenAI's `start_time`), a day or an RFC 3339 timestamp. */
export function exportDate(text: string, label: string): Read<Date> {
  const trimmed = text.trim();
  if (/^\d{9,11}$/.test(trimmed)) return utcDate(new Date(Number(trimmed) * 1000).toISOString(), label);
  return utcDate(trimmed, label);
}

/** A composed description within the cost description's length. */
export const costDescription = (text: string) =>
  text.replace(/\s+/g, ' ').trim().slice(0, COST_DESCRIPTION_MAX);

/** The categories as a message lists them. */
export const CATEGORY_CHOICES = COST_CATEGORIES.map((c) => `${c} (${COST_CATEGORY_LABELS[c]})`).join(', ');

/**
 * The external id of a line: its identity, and its place among the file's lines of the same identity
 * (`#2`, …), so that a file imported again adds nothing and two equal lines of one file are both kept.
 * Hashed when it would be longer than an external id may be.
 */
export function externalIdOf(identity: string, occurrence: number): string {
  const id = occurrence > 1 ? `${identity}#${occurrence}` : identity;
  return id.length <= IMPORT_EXTERNAL_ID_MAX ? id : `sha256:${createHash('sha256').update(id).digest('hex')}`;
}
