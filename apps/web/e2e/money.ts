/** A decimal string ("1234.5") as whole cents, exactly. */
export function toCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

/** Cents as dollars with thousands separators: 123450n → "$1,234.50". */
export function formatCents(cents: bigint): string {
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** A decimal string as the page shows it: "1234.5" → "$1,234.50". */
export const money = (amount: string) => formatCents(toCents(amount));

/** The tracker's share of $1,000,000,000 for a decimal-string total ("0%", "0.75%", "1.2e-6%"). */
export function percentOfTarget(amount: string): string {
  const percent = Math.min(1, Number(amount) / 1_000_000_000) * 100;
  if (percent === 0) return '0%';
  if (percent < 0.01) return `${percent.toPrecision(2)}%`;
  return `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

/** Cents back to a decimal string: 123450n → "1234.50". */
export const centsToDecimal = (cents: bigint) =>
  `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/** "2024-03-15T00:00:00.000Z" as the admin tables show it: "Mar 15, 2024" (UTC). */
export const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
