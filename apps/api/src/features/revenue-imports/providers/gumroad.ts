import { decimalAmount, providerFormat, type Cells } from '../format';

/**
 * Gumroad's sales export (Audience › Sales › Export): amounts in dollars (Gumroad charges in USD
 * only), `Partial Refund ($)` beside `Fully Refunded?`, the whole UTC timestamp in
 * `Purchase Time (UTC timezone)` ("2026-05-02 08:14:22 UTC") beside the date, and a last row
 * `Totals` (docs/decisions/044-provider-imports.md, 054-imports-as-providers-write-them.md).
 */
const YES = '1';
const TIME_ONLY = /^\d{2}:\d{2}/;

/** The timestamp; a time column holding the time alone is read with the date column. */
function purchasedAt(cells: Cells): string {
  const date = cells('Purchase Date');
  const time = cells('Purchase Time (UTC timezone)');
  if (time === '') return date;
  return TIME_ONLY.test(time) && date ? `${date} ${time}` : time;
}

export const gumroad = providerFormat({
  required: ['Purchase ID', 'Item Name', 'Purchase Date', 'Sale Price ($)'],
  id: 'Purchase ID',
  date: purchasedAt,
  summary: (cells) => (cells('Purchase ID').toLowerCase() === 'totals' ? cells('Purchase ID') : null),
  amount: decimalAmount('Sale Price ($)', 'Partial Refund ($)'),
  skipReason(cells) {
    if (cells('Fully Refunded?') === YES) return 'Refunded.';
    if (cells('Disputed?') === YES && cells('Dispute Won?') !== YES) return 'Charged back (disputed).';
    return null;
  },
  describe: (cells) => `Gumroad sale: ${cells('Item Name')}`,
});
