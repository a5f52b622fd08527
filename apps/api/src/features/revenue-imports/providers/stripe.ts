import { providerFormat } from '../format';

/**
 * The Stripe Dashboard's payments export (Payments › Export): decimal amounts in the charge's
 * currency, `Amount Refunded` beside them, `Status` Paid, Refunded or Failed (docs/decisions/044-provider-imports.md).
 */
const PAID = new Set(['paid', 'succeeded', 'partially refunded']);

export const stripe = providerFormat({
  required: ['id', 'Created (UTC)', 'Amount', 'Currency', 'Status'],
  id: 'id',
  date: 'Created (UTC)',
  amount: 'Amount',
  refunded: 'Amount Refunded',
  inCents: false,
  currency: 'Currency',
  skipReason(cells) {
    const status = cells('Status');
    if (status.toLowerCase() === 'refunded') return 'Refunded.';
    return PAID.has(status.toLowerCase()) ? null : `Not paid (status "${status}").`;
  },
  describe: (cells, id) =>
    cells('Description') ? `Stripe: ${cells('Description')}` : `Stripe payment ${id}`,
});
