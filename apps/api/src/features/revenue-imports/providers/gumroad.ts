import { decimalAmount, providerFormat } from '../format';

/**
 * Gumroad's sales export (Audience › Sales › Export): amounts in dollars (Gumroad charges in USD
 * only), `Partial Refund ($)` beside `Fully Refunded?`, the date and UTC time in two columns
 * (docs/decisions/044-provider-imports.md).
 */
const YES = '1';

export const gumroad = providerFormat({
  required: ['Purchase ID', 'Item Name', 'Purchase Date', 'Sale Price ($)'],
  id: 'Purchase ID',
  date: (cells) => [cells('Purchase Date'), cells('Purchase Time (UTC timezone)')].filter(Boolean).join(' '),
  amount: decimalAmount('Sale Price ($)', 'Partial Refund ($)'),
  skipReason(cells) {
    if (cells('Fully Refunded?') === YES) return 'Refunded.';
    if (cells('Disputed?') === YES && cells('Dispute Won?') !== YES) return 'Charged back (disputed).';
    return null;
  },
  describe: (cells) => `Gumroad sale: ${cells('Item Name')}`,
});
