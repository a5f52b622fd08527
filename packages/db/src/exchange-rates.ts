import { and, desc, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from './client';
import { exchangeRates } from './schema';

/**
 * The ECB's reference rates (docs/decisions/078-exchange-rates.md): stored as published, units of a
 * currency per euro, and read as the USD value of a currency on a day.
 */

export interface EcbRate {
  /** YYYY-MM-DD. */
  day: string;
  currency: string;
  /** Units of `currency` per euro, a decimal string. */
  perEuro: string;
}

/** A rate for a day without one (a weekend, a holiday) is the last business day's, this far back at most. */
export const RATE_LOOKBACK_DAYS = 7;

/** Stores rates, replacing a day's rate the ECB published again; the count of rows written. */
export async function storeExchangeRates(db: Database, rates: readonly EcbRate[]): Promise<number> {
  let written = 0;
  // In slices, so a whole history (some 200,000 rates) stays within a statement's parameter limit.
  for (let start = 0; start < rates.length; start += 5_000) {
    const slice = rates.slice(start, start + 5_000);
    const rows = await db
      .insert(exchangeRates)
      .values(slice.map((rate) => ({ ...rate })))
      .onConflictDoUpdate({
        target: [exchangeRates.day, exchangeRates.currency],
        set: { perEuro: sql`excluded.per_euro`, loadedAt: sql`now()` },
      })
      .returning({ day: exchangeRates.day });
    written += rows.length;
  }
  return written;
}

/** The newest day with rates, or null before any load. */
export async function newestRateDay(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ day: exchangeRates.day })
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.day))
    .limit(1);
  return row?.day ?? null;
}

/**
 * `currency` and USD per euro on the last business day at or before `day` that has both, within
 * RATE_LOOKBACK_DAYS; null when there is none.
 */
export async function ratesToUsd(
  db: Database,
  currency: string,
  day: string,
): Promise<{ day: string; currencyPerEuro: string; usdPerEuro: string } | null> {
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - RATE_LOOKBACK_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const rows = await db
    .select()
    .from(exchangeRates)
    .where(
      and(
        inArray(exchangeRates.currency, currency === 'EUR' ? ['USD'] : [currency, 'USD']),
        gte(exchangeRates.day, from),
        lte(exchangeRates.day, day),
      ),
    )
    .orderBy(desc(exchangeRates.day));
  const byDay = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const rates = byDay.get(row.day) ?? new Map<string, string>();
    rates.set(row.currency, row.perEuro);
    byDay.set(row.day, rates);
  }
  for (const [rateDay, rates] of byDay) {
    const usd = rates.get('USD');
    const own = currency === 'EUR' ? '1' : rates.get(currency);
    if (usd && own) return { day: rateDay, currencyPerEuro: own, usdPerEuro: usd };
  }
  return null;
}

/** How far the stored rates reach: the newest day and the number of business days. */
export async function exchangeRatesStatus(db: Database): Promise<{ newestDay: string | null; days: number }> {
  const [row] = await db
    .select({
      newestDay: sql<string | null>`max(${exchangeRates.day})::text`,
      days: sql<number>`count(distinct ${exchangeRates.day})::int`,
    })
    .from(exchangeRates);
  return { newestDay: row?.newestDay ?? null, days: row?.days ?? 0 };
}
