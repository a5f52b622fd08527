/**
 * Stripe's billing objects as the API (version 2025-03-31 and later) lists them: invoices with their
 * lines embedded and recurring prices, for the Stripe stand-in's GET /v1/invoices, /v1/invoices/{id}/lines
 * and /v1/prices/{id}, which the subscription periods are read from.
 */

export interface StripeLineSpec {
  id: string;
  price: string;
  product: string;
  /** The line's amount in the smallest unit, before discounts. */
  amount: number;
  quantity?: number;
  start: number;
  end: number;
  proration?: boolean;
  /** Each discount's amount off this line. */
  discounts?: number[];
  tax?: { amount: number; behavior: 'inclusive' | 'exclusive' };
  /** A one-off invoice item rather than a subscription's line. */
  oneOff?: boolean;
  /** A proration the subscription added as an invoice item (Stripe's `create_prorations`). */
  asInvoiceItem?: boolean;
}

/**
 * A Stripe invoice as the API (version 2025-03-31 and later) lists it, with its lines embedded; with
 * `paymentIntent`, its `payments` as `expand[]=payments` gives them (the stand-in sends them only then:
 * an event's invoice has none).
 */
export function stripeInvoiceObject(invoice: {
  id: string;
  customer: string;
  subscription: string | null;
  created: number;
  currency: string;
  status?: 'paid' | 'open' | 'void' | 'draft';
  lines: StripeLineSpec[];
  /** The payment intent that paid it. */
  paymentIntent?: string;
}): Record<string, unknown> {
  const lines = invoice.lines.map((line) => ({
    id: line.id,
    object: 'line_item',
    amount: line.amount,
    currency: invoice.currency,
    description: null,
    discount_amounts: (line.discounts ?? []).map((amount, index) => ({
      amount,
      discount: `di_${line.id}_${index}`,
    })),
    discountable: !line.proration,
    discounts: [],
    invoice: invoice.id,
    livemode: false,
    metadata: {},
    parent:
      line.oneOff || line.asInvoiceItem
        ? {
            type: 'invoice_item_details',
            invoice_item_details: {
              invoice_item: `ii_${line.id}`,
              proration: line.asInvoiceItem === true && line.proration === true,
              proration_details: { credited_items: null },
              subscription: line.asInvoiceItem ? invoice.subscription : null,
            },
            subscription_item_details: null,
          }
        : {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: line.proration ? `ii_${line.id}` : null,
              proration: line.proration ?? false,
              proration_details: { credited_items: null },
              subscription: invoice.subscription,
              subscription_item: `si_${invoice.subscription ?? 'none'}`,
            },
          },
    period: { start: line.start, end: line.end },
    pretax_credit_amounts: (line.discounts ?? []).map((amount, index) => ({
      amount,
      discount: `di_${line.id}_${index}`,
      type: 'discount',
    })),
    pricing: {
      type: 'price_details',
      price_details: { price: line.price, product: line.product },
      unit_amount_decimal: null,
    },
    quantity: line.quantity ?? 1,
    subtotal: line.amount,
    taxes: line.tax
      ? [
          {
            amount: line.tax.amount,
            tax_behavior: line.tax.behavior,
            tax_rate_details: { tax_rate: 'txr_vat' },
            taxability_reason: 'standard_rated',
            taxable_amount: line.amount - line.tax.amount,
            type: 'tax_rate_details',
          },
        ]
      : [],
  }));
  const subtotal = lines.reduce((total, line) => total + line.amount, 0);
  return {
    id: invoice.id,
    object: 'invoice',
    billing_reason: invoice.subscription ? 'subscription_cycle' : 'manual',
    created: invoice.created,
    currency: invoice.currency,
    customer: invoice.customer,
    livemode: false,
    status: invoice.status ?? 'paid',
    subtotal,
    total: subtotal,
    parent: invoice.subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: {}, subscription: invoice.subscription },
        }
      : null,
    lines: { object: 'list', url: `/v1/invoices/${invoice.id}/lines`, has_more: false, data: lines },
    ...(invoice.paymentIntent
      ? {
          payments: {
            object: 'list',
            url: `/v1/invoice_payments?invoice=${invoice.id}`,
            has_more: false,
            data: [
              {
                id: `inpay_${invoice.id}`,
                object: 'invoice_payment',
                amount_paid: subtotal,
                amount_requested: subtotal,
                created: invoice.created,
                currency: invoice.currency,
                invoice: invoice.id,
                is_default: true,
                livemode: false,
                payment: { type: 'payment_intent', payment_intent: invoice.paymentIntent },
                status: 'paid',
                status_transitions: { canceled_at: null, paid_at: invoice.created },
              },
            ],
          },
        }
      : {}),
  };
}

/** A recurring Stripe price. */
export function stripePriceObject(price: {
  id: string;
  product: string;
  unitAmount: number;
  currency: string;
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount?: number;
}): Record<string, unknown> {
  return {
    id: price.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    currency: price.currency,
    livemode: false,
    product: price.product,
    recurring: { interval: price.interval, interval_count: price.intervalCount ?? 1, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: price.unitAmount,
    unit_amount_decimal: String(price.unitAmount),
  };
}
