import { IMPORT_EXTERNAL_ID_MAX, pastDateField, REVENUE_DESCRIPTION_MAX } from '@journey/contracts';
import { minorToDecimal } from '../connections/money';
import { decimalCents, formatCents, refundCents, wholeCents, type Read } from './money';

/**
 * One payment as a file tells it: `cents` in USD, or null when the payment was in another currency and
 * the provider gave no USD figure (the ECB's rate of its day converts it: plan.ts); what the customer
 * paid as `originalAmount` in `currency`.
 */
export interface ExportEntry {
  externalId: string;
  cents: bigint | null;
  currency: string;
  originalAmount: string;
  date: Date;
  description: string;
}

/**
 * What one data row of an export becomes. A row refunded in full names its transaction, so an entry
 * imported before the refund is corrected (plan.ts).
 */
export type RowOutcome = { entry: ExportEntry } | { skip: string; refundedId?: string } | { error: string };

/** Why a row refunded in full is left out. */
export const REFUNDED = 'Refunded.';

/** A cell by its column's name as the header writes it; '' when the column is absent or the cell empty. */
export type Cells = (column: string) => string;

/** One provider's export: the columns it must have and how a row reads. */
export interface ExportFormat {
  /** As the export's header writes them (matched ignoring case and surrounding spaces). */
  required: readonly string[];
  read(cells: Cells): RowOutcome;
}

const pastDate = pastDateField();

/**
 * A timestamp as the exports write it: a date and time, with seconds or not, with a fraction of any
 * length, and a zone written `Z`, `UTC`, `GMT`, `+0000` or `+00:00`, or none, which is UTC as the
 * exports label it (Stripe "2026-05-02 08:14", Gumroad "2026-05-02 08:14:22 UTC", Paddle and Lemon
 * Squeezy "2026-05-02T08:14:22.381742Z"; docs/decisions/054-imports-as-providers-write-them.md).
 */
const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i;

/** The timestamp in the ISO 8601 form the past-date rule reads; other text as it is. */
function isoOf(text: string): string {
  const match = TIMESTAMP.exec(text);
  if (!match) return text;
  const [, date, minutes, seconds = '00', fraction = '', zone = 'Z'] = match;
  const offset = /^[+-]/.test(zone) ? `${zone.slice(0, 3)}:${zone.slice(-2)}` : 'Z';
  return `${date}T${minutes}:${seconds}.${fraction.padEnd(3, '0').slice(0, 3)}${offset}`;
}

/** A provider's timestamp by the revenue form's past-date rule (2000-01-01 to today). */
export function utcDate(text: string, label: string): Read<Date> {
  const trimmed = text.trim();
  if (trimmed === '') return { error: `${label} is required.` };
  const result = pastDate.safeParse(isoOf(trimmed));
  if (!result.success) return { error: `${label}: ${result.error.issues[0]?.message ?? 'invalid date.'}` };
  return { value: result.data };
}

/**
 * A transaction id as stored: none is longer than a few dozen characters, and a longer one could not be
 * indexed, so the preview and the import refuse it alike (docs/decisions/054-imports-as-providers-write-them.md).
 */
export function transactionId(text: string, label: string): Read<string> {
  if (text.length > IMPORT_EXTERNAL_ID_MAX)
    return { error: `${label} must be at most ${IMPORT_EXTERNAL_ID_MAX} characters.` };
  return { value: text };
}

/** A composed description within the revenue description's length. */
export const description = (text: string) =>
  text.replace(/\s+/g, ' ').trim().slice(0, REVENUE_DESCRIPTION_MAX);

export const isUsd = (currency: string) => currency.trim().toUpperCase() === 'USD';

/** The amount net of refunds: a fully refunded row is skipped, a partly refunded one imports the rest. */
export function netOf(amount: bigint, refunded: bigint): { cents: bigint; note: string } | { skip: string } {
  if (refunded >= amount) return { skip: REFUNDED };
  if (refunded === 0n) return { cents: amount, note: '' };
  return { cents: amount - refunded, note: ` (net of a ${formatCents(refunded)} refund)` };
}

type Values<T> = { [K in keyof T]: T[K] extends Read<infer V> ? V : never };

/** The values of several reads, or the first one's error. */
export function readAll<T extends Record<string, Read<unknown>>>(
  reads: T,
): { values: Values<T> } | { error: string } {
  const values: Record<string, unknown> = {};
  for (const [key, read] of Object.entries(reads)) {
    if ('error' in read) return { error: read.error };
    values[key] = read.value;
  }
  return { values: values as Values<T> };
}

/** Where a provider writes the amount and the refunded part of it, in cents ("1199") or decimals ("11.99"). */
export interface AmountColumns {
  column: string;
  refunded?: string;
  inCents: boolean;
}

export const decimalAmount = (column: string, refunded?: string): AmountColumns => ({
  column,
  ...(refunded ? { refunded } : {}),
  inCents: false,
});

export const centsAmount = (column: string, refunded?: string): AmountColumns => ({
  column,
  ...(refunded ? { refunded } : {}),
  inCents: true,
});

/**
 * A payment provider's export, described by its columns (each spec lists them in the export's order):
 * see providerFormat.
 */
export interface ProviderSpec {
  required: readonly string[];
  /** The transaction id's column. */
  id: string;
  /** The date's column, or the text of a date split over columns. */
  date: string | ((cells: Cells) => string);
  amount: AmountColumns;
  /** The currency's column; none when the provider charges in USD only. */
  currency?: string;
  /**
   * Where the provider writes its own USD figure of a payment in another currency (Stripe's `Converted
   * Amount` in the account's settlement currency): used when that currency is USD.
   */
  converted?: { amount: string; refunded: string; currency: string };
  /** Why a row that is not a completed payment is left out; null for one to import. */
  skipReason(cells: Cells): string | null;
  /** The label of a summary row the export ends with (Gumroad's "Totals"); null for a payment's row. */
  summary?(cells: Cells): string | null;
  describe(cells: Cells, id: string): string;
}

const ZERO = /^0+(\.0*)?$/;

/** A provider's rows: summary rows first, then status (failed, refunded), then currency, then exact amounts net of refunds. */
export function providerFormat(spec: ProviderSpec): ExportFormat {
  const dateOf = typeof spec.date === 'string' ? (cells: Cells) => cells(spec.date as string) : spec.date;
  const dateLabel = typeof spec.date === 'string' ? spec.date : 'Date';
  const readRow = (cells: Cells): RowOutcome => {
    const summary = spec.summary?.(cells);
    if (summary) return { skip: `Summary row ("${summary}"), not a sale.` };
    const id = cells(spec.id);
    if (id === '') return { error: `${spec.id} is required.` };
    const checked = transactionId(id, spec.id);
    if ('error' in checked) return checked;
    const skip = spec.skipReason(cells);
    if (skip) return { skip };
    const currency = spec.currency ? cells(spec.currency).toUpperCase() : 'USD';
    if (!/^[A-Z]{3}$/.test(currency)) {
      return { error: `${spec.currency ?? 'Currency'}: "${currency}" is not a currency code.` };
    }
    const { column, refunded, inCents } = spec.amount;
    // A free product or a free trial's sign-up: a sale of nothing, which the revenue form cannot hold.
    if (ZERO.test(cells(column))) return { skip: 'Nothing was charged (0.00).' };
    const read = readAll({
      amount: inCents ? wholeCents(cells(column), column) : decimalCents(cells(column), column),
      refunded: refunded ? refundCents(cells(refunded), refunded, inCents) : { value: 0n },
      date: utcDate(dateOf(cells), dateLabel),
    });
    if ('error' in read) return read;
    const net = netOf(read.values.amount, read.values.refunded);
    if ('skip' in net) return net;
    // Amounts in cents are in the currency's smallest unit (a yen is its own); decimals are units.
    const originalAmount = inCents ? minorToDecimal(net.cents, currency) : formatCents(net.cents);
    const cents = currency === 'USD' ? net.cents : convertedCents(spec, cells);
    if (cents !== null && typeof cents !== 'bigint') return cents;
    const note = currency === 'USD' ? net.note : net.note.replace(' refund)', ` ${currency} refund)`);
    const text = description(spec.describe(cells, id) + note);
    return {
      entry: { externalId: id, cents, currency, originalAmount, date: read.values.date, description: text },
    };
  };
  return {
    required: spec.required,
    read(cells) {
      const outcome = readRow(cells);
      return 'skip' in outcome && outcome.skip === REFUNDED
        ? { ...outcome, refundedId: cells(spec.id) }
        : outcome;
    },
  };
}

/** The provider's own USD figure of a payment in another currency, net of refunds; null when it gave none. */
function convertedCents(
  spec: ProviderSpec,
  cells: Cells,
): bigint | null | { error: string } | { skip: string } {
  const columns = spec.converted;
  if (!columns || !isUsd(cells(columns.currency)) || cells(columns.amount) === '') return null;
  const read = readAll({
    amount: decimalCents(cells(columns.amount), columns.amount),
    refunded: refundCents(cells(columns.refunded), columns.refunded, false),
  });
  if ('error' in read) return read;
  const net = netOf(read.values.amount, read.values.refunded);
  return 'skip' in net ? net : net.cents;
}

/** A status column's skip reason: the refunded status says so, any status not in `paid` is not paid. */
export function unlessPaid(column: string, paid: readonly string[], refunded?: string) {
  const accepted = new Set(paid);
  return (cells: Cells): string | null => {
    const status = cells(column);
    if (refunded && status.toLowerCase() === refunded) return REFUNDED;
    return accepted.has(status.toLowerCase()) ? null : `Not paid (status "${status}").`;
  };
}
