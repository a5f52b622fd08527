import { decimalAmount, providerFormat, unlessPaid } from '../format';

/**
 * The Stripe Dashboard's payments export (Payments › Export): decimal amounts in the charge's
 * currency, `Amount Refunded` beside them, `Status` Paid, Refunded or Failed (docs/decisions/044-provider-imports.md);
 * a payment in another currency is taken at `Converted Amount` when the account settles in USD.
 */
export const stripe = providerFormat({
  required: ['id', 'Created (UTC)', 'Amount', 'Currency', 'Status'],
  id: 'id',
  describe: (cells, id) =>
    cells('Description') ? `Stripe: ${cells('Description')}` : `Stripe payment ${id}`,
  date: 'Created (UTC)',
  amount: decimalAmount('Amount', 'Amount Refunded'),
  currency: 'Currency',
  converted: {
    amount: 'Converted Amount',
    refunded: 'Converted Amount Refunded',
    currency: 'Converted Currency',
  },
  skipReason: unlessPaid('Status', ['paid', 'succeeded', 'partially refunded'], 'refunded'),
});
