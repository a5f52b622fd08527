import { providerFormat } from '../format';

/**
 * Lemon Squeezy's orders export, whose columns are the order object's attributes: `total` and
 * `refunded_amount` in cents of the order's currency, `status` paid, refunded, partial_refund,
 * pending or failed (docs/decisions/044-provider-imports.md).
 */
const PAID = new Set(['paid', 'partial_refund']);

export const lemonSqueezy = providerFormat({
  required: ['identifier', 'created_at', 'total', 'currency', 'status'],
  id: 'identifier',
  date: 'created_at',
  amount: 'total',
  refunded: 'refunded_amount',
  inCents: true,
  currency: 'currency',
  skipReason(cells) {
    const status = cells('status');
    if (status.toLowerCase() === 'refunded') return 'Refunded.';
    return PAID.has(status.toLowerCase()) ? null : `Not paid (status "${status}").`;
  },
  describe(cells, id) {
    const order = cells('order_number') ? ` #${cells('order_number')}` : ` ${id}`;
    const product = cells('product_name') ? `: ${cells('product_name')}` : '';
    return `Lemon Squeezy order${order}${product}`;
  },
});
