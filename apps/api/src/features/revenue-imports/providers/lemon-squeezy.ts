import { centsAmount, providerFormat, unlessPaid } from '../format';

/**
 * Lemon Squeezy's orders export, whose columns are the order object's attributes: `total` and
 * `refunded_amount` in cents of the order's currency, `status` paid, refunded, partial_refund,
 * pending or failed (docs/decisions/044-provider-imports.md).
 */
export const lemonSqueezy = providerFormat({
  required: ['identifier', 'created_at', 'total', 'currency', 'status'],
  id: 'identifier',
  describe(cells, id) {
    const order = cells('order_number') ? ` #${cells('order_number')}` : ` ${id}`;
    const product = cells('product_name') ? `: ${cells('product_name')}` : '';
    return `Lemon Squeezy order${order}${product}`;
  },
  currency: 'currency',
  amount: centsAmount('total', 'refunded_amount'),
  skipReason: unlessPaid('status', ['paid', 'partial_refund'], 'refunded'),
  date: 'created_at',
});
