import { formatMoney } from './format';

/** What a page writes for a figure kept private (docs/decisions/083-privacy-per-figure.md). */
export const PRIVATE_FIGURE = 'Private';

/** A money figure as the owner shows it: the amount, its band (e.g. "$10k–$25k"), or "Private". */
export function shownMoney(amount: string | null, range: string | null, options: { cents?: boolean } = {}) {
  if (amount !== null) return formatMoney(amount, options);
  return range ?? PRIVATE_FIGURE;
}
