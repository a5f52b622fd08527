import { formatMoney } from './format';

/** Dollars with a real minus sign for a loss: "-45.1" → "−$45.10". */
export function formatSignedMoney(amount: string): string {
  return amount.startsWith('-') ? `−${formatMoney(amount.slice(1))}` : formatMoney(amount);
}

/**
 * A figure as the owner's privacy lets it out (docs/decisions/083-privacy-per-figure.md): its amount,
 * else its band's label, else null when it is hidden. Zod-free, for the landing page's bundle.
 */
export function shownMoneyText(shown: { amount: string | null; range: string | null }): string | null {
  if (shown.amount !== null) return formatSignedMoney(shown.amount);
  return shown.range;
}
