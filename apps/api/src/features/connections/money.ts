/**
 * Providers' amounts in the smallest unit of their currency, to the decimal strings the amount columns
 * hold (docs/decisions/016-money.md): exact, through bigint, never a float.
 */

/** Currencies whose smallest unit is the unit itself, as Stripe lists them. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
/** Currencies written with three decimals; Stripe's amounts in them end in 0, so two decimals keep them. */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

export function minorUnitDigits(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/** 123456 in USD → "1234.56"; -500 in JPY → "-500.00"; rounded half away from zero to cents. */
export function minorToDecimal(amount: number | bigint, currency: string): string {
  const value = BigInt(amount);
  const digits = minorUnitDigits(currency);
  let cents = digits === 2 ? value : digits === 0 ? value * 100n : roundedTenth(value);
  const negative = cents < 0n;
  if (negative) cents = -cents;
  const text = cents.toString().padStart(3, '0');
  return `${negative ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** Thousandths to hundredths, half away from zero. */
function roundedTenth(value: bigint): bigint {
  const sign = value < 0n ? -1n : 1n;
  const magnitude = value * sign;
  return sign * ((magnitude + 5n) / 10n);
}
