import { ratesToUsd, type Database } from '@journey/db';
import { minorToDecimal } from '../connections/money';

/**
 * Amounts in another currency than USD at the ECB's reference rate of their day
 * (docs/decisions/078-exchange-rates.md): for the sync, the webhooks and the CSV imports alike.
 */

/** A decimal string with at most `digits` decimals, as an integer of that many decimals. */
function scaled(value: string, digits: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal: ${value}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits));
  return sign === '-' ? -units : units;
}

/**
 * An amount (a decimal string in its currency) in USD at the ECB's rates, both given as units per euro:
 * exact integer arithmetic, rounded half away from zero to the cent.
 */
export function convertToUsd(amount: string, currencyPerEuro: string, usdPerEuro: string): string {
  const numerator = scaled(amount, 2) * scaled(usdPerEuro, 6);
  const denominator = scaled(currencyPerEuro, 6);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let cents = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) cents += 1n;
  return minorToDecimal(negative ? -cents : cents, 'USD');
}

/** Looks up each currency's rate for a day once per batch: a page or a file shares a few days. */
export function usdRates(db: Database) {
  const known = new Map<string, ReturnType<typeof ratesToUsd>>();
  return (currency: string, date: Date) => {
    const day = date.toISOString().slice(0, 10);
    const key = `${currency} ${day}`;
    const lookup = known.get(key) ?? ratesToUsd(db, currency, day);
    known.set(key, lookup);
    return lookup;
  };
}
