import type { ConnectionProvider } from '@journey/contracts';
import { SUBSCRIPTION_INTERVALS, type SubscriptionInterval } from '@journey/contracts/constants';
import { applySubscriptionPeriods, type Database } from '@journey/db';
import type { FastifyBaseLogger } from 'fastify';
import type { PeriodsRead, ReadPeriod, SkippedTransaction } from './provider-client';

/**
 * What every provider's reading of subscription periods shares (docs/decisions/077-provider-connections.md,
 * "Subscription periods").
 */

/** A provider's interval word ('month', 'Month', 'monthly' is not one) as the periods table's, or null. */
export function intervalUnit(value: string | null | undefined): SubscriptionInterval | null {
  const word = (value ?? '').toLowerCase();
  return (SUBSCRIPTION_INTERVALS as readonly string[]).includes(word) ? (word as SubscriptionInterval) : null;
}

/** The end of a period of `count` intervals from `start`, in UTC, as the providers bill: by the calendar. */
export function addInterval(start: Date, unit: SubscriptionInterval, count: number): Date {
  const end = new Date(start.getTime());
  if (unit === 'day') end.setUTCDate(end.getUTCDate() + count);
  else if (unit === 'week') end.setUTCDate(end.getUTCDate() + 7 * count);
  else {
    const months = unit === 'year' ? 12 * count : count;
    const day = end.getUTCDate();
    end.setUTCDate(1);
    end.setUTCMonth(end.getUTCMonth() + months);
    // Jan 31 + 1 month is the last day of February, as Stripe and Paddle anchor a billing date.
    const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
    end.setUTCDate(Math.min(day, lastDay));
  }
  return end;
}

export const emptyPeriodsRead = (): PeriodsRead => ({
  periods: [],
  voided: [],
  skipped: [],
  unreadable: null,
});

/**
 * Sorts one line's reading into the periods or the lines set aside. A period the table's checks would
 * refuse (packages/db/src/tables/subscriptions.ts: an empty span, an odd currency) is set aside with
 * its reason, so one strange line cannot fail the whole batch it is stored in.
 */
export function collectPeriod(read: PeriodsRead, period: ReadPeriod | SkippedTransaction | null): void {
  if (period === null) return;
  if ('reason' in period) read.skipped.push(period);
  else if (!(period.periodEnd.getTime() > period.periodStart.getTime())) {
    // Also a date that did not parse (NaN compares false).
    read.skipped.push({ externalId: period.externalId, reason: 'The period ends when it starts.' });
  } else if (!/^[A-Z]{3}$/.test(period.currency) || !(period.intervalCount > 0)) {
    read.skipped.push({ externalId: period.externalId, reason: 'An unknown currency or interval.' });
  } else read.periods.push(period);
}

/**
 * Stores what a read of periods found, a sync's or a webhook's alike (applySubscriptionPeriods), and
 * returns how many rows changed. The lines set aside are logged, not listed among the owner's skipped
 * transactions: a credit for unused time is no missing revenue, only no period of its own. A read the
 * key was not allowed to make is logged too (the sync also tells the admin, on the connection).
 */
export async function storePeriodsRead(
  db: Database,
  log: FastifyBaseLogger,
  provider: ConnectionProvider,
  read: PeriodsRead,
  now: Date,
): Promise<number> {
  if (read.skipped.length > 0) {
    log.info({ provider, skipped: read.skipped.slice(0, 20) }, 'billing lines that are no period');
  }
  if (read.unreadable !== null) log.warn({ provider, reason: read.unreadable }, 'periods not read');
  return applySubscriptionPeriods(db, provider, read, now);
}
