import { RATE_LOOKBACK_DAYS, type Database } from '@journey/db';
import { convertToUsd, usdRates } from '../exchange-rates/to-usd';
import type { ReadEntry, SkippedTransaction, SyncedEntry } from './provider-client';

/**
 * Entries a provider settled in another currency than USD, converted at the ECB's reference rate of
 * their day (docs/decisions/078-exchange-rates.md); one without a rate is listed with its reason, never
 * dropped silently and never stored at a made-up rate.
 */
export async function settleInUsd(
  db: Database,
  read: readonly ReadEntry[],
): Promise<{ entries: SyncedEntry[]; skipped: SkippedTransaction[] }> {
  const entries: SyncedEntry[] = [];
  const skipped: SkippedTransaction[] = [];
  const rateOn = usdRates(db);
  for (const entry of read) {
    if (!('settled' in entry)) {
      entries.push(entry);
      continue;
    }
    const { settled, ...rest } = entry;
    const day = entry.date.toISOString().slice(0, 10);
    const rates = await rateOn(settled.currency, entry.date);
    if (!rates) {
      skipped.push({
        externalId: entry.externalId,
        reason: `Settled in ${settled.currency}: no ECB rate on ${day} or the ${RATE_LOOKBACK_DAYS} days before. Load the ECB's rates, then sync again.`,
      });
      continue;
    }
    entries.push({ ...rest, amount: convertToUsd(settled.amount, rates.currencyPerEuro, rates.usdPerEuro) });
  }
  return { entries, skipped };
}
