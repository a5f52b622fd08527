import { centsAmount, providerFormat, unlessPaid } from '../format';

/**
 * Paddle Billing's transactions report, whose columns mirror the transaction's API fields:
 * `grand_total` in the lowest unit of `currency_code` (cents), `status` completed or paid for money
 * received. Refunds are adjustments, in a report of their own (docs/decisions/044-provider-imports.md).
 */
export const paddle = providerFormat({
  required: ['id', 'status', 'currency_code', 'created_at', 'grand_total'],
  id: 'id',
  skipReason: unlessPaid('status', ['completed', 'paid']),
  currency: 'currency_code',
  date: (cells) => cells('billed_at') || cells('created_at'),
  amount: centsAmount('grand_total'),
  describe: (cells, id) =>
    cells('product_name') ? `Paddle: ${cells('product_name')} (${id})` : `Paddle transaction ${id}`,
});
