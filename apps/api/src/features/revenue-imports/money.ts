import { MONEY_MAX_INTEGER_DIGITS, moneyField } from '@journey/contracts';

/**
 * Exact money for the imports (docs/decisions/016-money.md): amounts are whole cents in a bigint,
 * read from the provider's decimal or cents text and written back as a decimal string, never a float.
 */

const MAX_CENTS = 10n ** BigInt(MONEY_MAX_INTEGER_DIGITS + 2);

export type Read<T> = { value: T } | { error: string };

/** A decimal amount as the amount field accepts it ("1,250.5"), in cents. */
export function decimalCents(text: string, label: string): Read<bigint> {
  const result = moneyField(label).safeParse(text);
  if (!result.success) return { error: result.error.issues[0]?.message ?? `${label} is invalid.` };
  const [whole = '0', fraction = ''] = result.data.split('.');
  return { value: BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0')) };
}

/** A refunded amount: empty is none, zero is allowed ("0.0"). */
export function refundCents(text: string, label: string, inCents: boolean): Read<bigint> {
  const trimmed = text.trim();
  if (trimmed === '' || /^0+(\.0*)?$/.test(trimmed)) return { value: 0n };
  return inCents ? wholeCents(trimmed, label) : decimalCents(trimmed, label);
}

/** An amount the provider writes in cents ("1199" is $11.99). */
export function wholeCents(text: string, label: string): Read<bigint> {
  const trimmed = text.trim();
  if (trimmed === '') return { error: `${label} is required.` };
  if (!/^\d+$/.test(trimmed)) return { error: `${label} must be a whole number of cents.` };
  const cents = BigInt(trimmed);
  if (cents === 0n) return { error: `${label} must be greater than 0.` };
  if (cents >= MAX_CENTS) return { error: `${label} must be less than $1,000,000,000,000.` };
  return { value: cents };
}

/** 123456n → "1234.56". */
export function formatCents(cents: bigint): string {
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}
