import type { ConnectionProvider, SubscriptionPeriod } from '@journey/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { providerConnections, subscriptionPeriods } from './schema';

/** The query module of subscription_periods (docs/decisions/080-recurring-revenue.md). */

/** Rows per insert statement: far below PostgreSQL's 65,535 parameters at 12 columns a row. */
const BATCH = 1_000;

/**
 * Stores what a provider billed, each line once: a line read again (an invoice re-read, a webhook
 * after a sync) replaces its values, so a corrected amount or period wins. `readAt` is when a line was
 * last stored with the values it has.
 */
export async function storeSubscriptionPeriods(
  db: Database,
  provider: ConnectionProvider,
  periods: readonly Omit<SubscriptionPeriod, 'provider'>[],
  now: Date,
): Promise<void> {
  const unique = [...new Map(periods.map((period) => [period.externalId, period])).values()];
  for (let start = 0; start < unique.length; start += BATCH) {
    await db
      .insert(subscriptionPeriods)
      .values(unique.slice(start, start + BATCH).map((period) => ({ ...period, provider, readAt: now })))
      .onConflictDoUpdate({
        target: [subscriptionPeriods.provider, subscriptionPeriods.externalId],
        set: {
          subscriptionId: sql`excluded.subscription_id`,
          customerId: sql`excluded.customer_id`,
          productId: sql`excluded.product_id`,
          priceId: sql`excluded.price_id`,
          periodStart: sql`excluded.period_start`,
          periodEnd: sql`excluded.period_end`,
          amount: sql`excluded.amount`,
          currency: sql`excluded.currency`,
          intervalUnit: sql`excluded.interval_unit`,
          intervalCount: sql`excluded.interval_count`,
          readAt: sql`excluded.read_at`,
        },
      });
  }
}

/** Every period, in the order the movements are computed: by start, then by id. */
export async function listSubscriptionPeriods(db: Database): Promise<SubscriptionPeriod[]> {
  const rows = await db
    .select()
    .from(subscriptionPeriods)
    .orderBy(asc(subscriptionPeriods.periodStart), asc(subscriptionPeriods.id));
  return rows.map(({ id: _id, readAt: _readAt, ...period }) => period);
}

/**
 * Removes the periods of lines that no longer stand (an invoice refunded after it was read, docs/
 * decisions/077-provider-connections.md); returns how many went. Lines not stored are not deleted at
 * all: a statement, even one that removes nothing, notifies and empties the cached answers.
 */
export async function removeSubscriptionPeriods(
  db: Database,
  provider: ConnectionProvider,
  externalIds: readonly string[],
): Promise<number> {
  let removed = 0;
  for (let start = 0; start < externalIds.length; start += BATCH) {
    const batch = and(
      eq(subscriptionPeriods.provider, provider),
      inArray(subscriptionPeriods.externalId, externalIds.slice(start, start + BATCH)),
    );
    const [stored] = await db.select({ count: count() }).from(subscriptionPeriods).where(batch);
    if (!stored?.count) continue;
    const gone = await db.delete(subscriptionPeriods).where(batch).returning({ id: subscriptionPeriods.id });
    removed += gone.length;
  }
  return removed;
}

/**
 * What one read of a provider's billing says (a sync's, or a webhook's event), applied the one way:
 * the periods not stored yet or stored with other values are stored, then the lines that no longer
 * stand are removed (a line both read and voided stays removed). Returns how many rows changed, so the
 * same invoice read again (a redelivery, the sync's overlap) changes nothing and rebuilds nothing.
 */
export async function applySubscriptionPeriods(
  db: Database,
  provider: ConnectionProvider,
  read: { periods: readonly Omit<SubscriptionPeriod, 'provider'>[]; voided: readonly string[] },
  now: Date,
): Promise<number> {
  const voided = new Set(read.voided);
  const changed = await changedSubscriptionPeriods(
    db,
    provider,
    read.periods.filter((period) => !voided.has(period.externalId)),
  );
  await storeSubscriptionPeriods(db, provider, changed, now);
  return changed.length + (await removeSubscriptionPeriods(db, provider, [...voided]));
}

/**
 * A sync that read the revenue but not the subscriptions (a key without the permission): the connection
 * stays `ok`, since its figures are right, and its `lastError` tells the admin what the key lacks.
 * Called after the run's outcome was recorded, which clears `lastError`.
 */
export async function noteSubscriptionPeriodsUnread(
  db: Database,
  provider: ConnectionProvider,
  message: string,
): Promise<void> {
  await db
    .update(providerConnections)
    .set({ lastError: message })
    .where(eq(providerConnections.provider, provider));
}

/**
 * Those of `periods` not stored yet or stored with other values: a sync that reads the same invoices
 * again (its overlap) has nothing to write, and cached answers need no rebuild for it.
 */
async function changedSubscriptionPeriods(
  db: Database,
  provider: ConnectionProvider,
  periods: readonly Omit<SubscriptionPeriod, 'provider'>[],
): Promise<Omit<SubscriptionPeriod, 'provider'>[]> {
  const changed: Omit<SubscriptionPeriod, 'provider'>[] = [];
  for (let start = 0; start < periods.length; start += BATCH) {
    const batch = periods.slice(start, start + BATCH);
    const rows = await db
      .select()
      .from(subscriptionPeriods)
      .where(
        and(
          eq(subscriptionPeriods.provider, provider),
          inArray(
            subscriptionPeriods.externalId,
            batch.map((period) => period.externalId),
          ),
        ),
      )
      .orderBy(asc(subscriptionPeriods.id));
    const stored = new Map(rows.map((row) => [row.externalId, row]));
    for (const period of batch) {
      const row = stored.get(period.externalId);
      const same =
        row !== undefined &&
        row.subscriptionId === period.subscriptionId &&
        row.customerId === period.customerId &&
        row.productId === period.productId &&
        row.priceId === period.priceId &&
        row.periodStart.getTime() === period.periodStart.getTime() &&
        row.periodEnd.getTime() === period.periodEnd.getTime() &&
        Number(row.amount) === Number(period.amount) &&
        row.currency === period.currency &&
        row.intervalUnit === period.intervalUnit &&
        row.intervalCount === period.intervalCount;
      if (!same) changed.push(period);
    }
  }
  return changed;
}
