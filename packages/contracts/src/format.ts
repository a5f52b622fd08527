import { REVENUE_TARGET } from './constants';

// Made once: `toLocaleString` with options builds a new formatter every call, 3 % of the server's
// time under load when the landing page is rendered again after each write.
const dollars = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const WITH_CENTS = dollars(2);
const WHOLE_DOLLARS = dollars(0);

/** Dollars with thousands separators and cents: "1234.5" → "$1,234.50". */
export function formatMoney(amount: string | number, options: { cents?: boolean } = {}): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return `$${(options.cents === false ? WHOLE_DOLLARS : WITH_CENTS).format(value)}`;
}

/** "2024-03-15T00:00:00.000Z" → "Mar 15, 2024": in UTC, the day as it was entered. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A share of the target as a percentage, precise enough to move for small totals. */
export function formatPercent(fraction: number): string {
  const percent = fraction * 100;
  if (percent === 0) return '0%';
  if (percent < 0.01) return `${percent.toPrecision(2)}%`;
  return `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

/** How far a total (a decimal string) is toward the target, as the tracker's bar shows it: 0 to 1. */
export function targetFraction(total: string | number): number {
  return Math.min(1, Number(total) / REVENUE_TARGET);
}

/**
 * Text for a card or a picture: whitespace collapsed, cut on a word boundary with an ellipsis when
 * longer than `max` characters (by default 200, a sharing card's description).
 */
export function summarize(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** How long ago `iso` was, coarsely: "just now", "4 min ago", "3 h ago", "2 days ago". */
export function formatAgo(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** A share (0 to 1) as a whole percentage rounded down, so it never claims more than it is: "87 %". */
export function formatShare(fraction: number): string {
  return `${Math.floor(Math.min(1, Math.max(0, fraction)) * 100 + 1e-9)} %`;
}
