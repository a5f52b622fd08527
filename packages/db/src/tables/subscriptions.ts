import { CONNECTION_PROVIDERS, SUBSCRIPTION_INTERVALS } from '@journey/contracts/constants';
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant, isOneOf } from './columns';

/**
 * docs/decisions/080-recurring-revenue.md: what each paying subscription was billed for which service
 * period, as the providers' invoices (Stripe), transactions (Paddle) and orders (Lemon Squeezy, Polar)
 * say it. Recurring revenue and its movements are computed from these rows alone, the way ChartMogul
 * builds them from invoices. Part of ../schema.ts.
 */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: CONNECTION_PROVIDERS }).notNull(),
    /** The provider's id of the line this period was read from: a re-read updates it, never adds it twice. */
    externalId: text('external_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    customerId: text('customer_id').notNull(),
    /** The product and the price (plan, variant) billed, to assign them to an experiment. */
    productId: text('product_id'),
    priceId: text('price_id'),
    periodStart: instant('period_start').notNull(),
    periodEnd: instant('period_end').notNull(),
    /** The price of one whole interval after discounts and without tax, in `currency`; 0 for a trial or a free plan. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    intervalUnit: text('interval_unit', { enum: SUBSCRIPTION_INTERVALS }).notNull(),
    intervalCount: integer('interval_count').notNull().default(1),
    readAt: instant('read_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_periods_provider_external_id_key').on(table.provider, table.externalId),
    index('subscription_periods_start_idx').on(table.periodStart),
    check('subscription_periods_provider_valid', isOneOf(table.provider, CONNECTION_PROVIDERS)),
    check('subscription_periods_interval_valid', isOneOf(table.intervalUnit, SUBSCRIPTION_INTERVALS)),
    check('subscription_periods_interval_count', sql`${table.intervalCount} > 0`),
    check('subscription_periods_ordered', sql`${table.periodEnd} > ${table.periodStart}`),
    check('subscription_periods_amount', sql`${table.amount} >= 0`),
    check('subscription_periods_currency_code', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);
