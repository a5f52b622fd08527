import { check, date, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { instant } from './columns';

/**
 * docs/decisions/078-exchange-rates.md: the European Central Bank's daily reference rates, as the ECB
 * publishes them (units of `currency` per euro), one row per business day and currency. Part of
 * ../schema.ts.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    perEuro: numeric('per_euro', { precision: 18, scale: 6 }).notNull(),
    loadedAt: instant('loaded_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.currency] }),
    check('exchange_rates_currency_code', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('exchange_rates_positive', sql`${table.perEuro} > 0`),
  ],
);
