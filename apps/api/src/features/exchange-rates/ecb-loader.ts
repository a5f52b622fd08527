import { newestRateDay, storeExchangeRates, type Database } from '@journey/db';
import type { FastifyBaseLogger } from 'fastify';
import { ecbCsvText, parseEcbCsv } from './ecb-csv';

/** Fetches the ECB's rates from `url` and stores them; the number of rates stored. */
export async function loadEcbRates(db: Database, url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`The ECB answered ${response.status} for ${url}.`);
  const text = ecbCsvText(new Uint8Array(await response.arrayBuffer()));
  return storeExchangeRates(db, parseEcbCsv(text));
}

/** The first look waits this long after start, so a short-lived process (a test, a command) fetches nothing. */
const FIRST_LOOK_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Loads the rates once a day, and soon after start when the newest stored day is older than
 * yesterday (the ECB publishes each business day). A failure is logged and tried again the next day;
 * an admin can upload the CSV meanwhile.
 */
export function scheduleEcbRates(options: {
  db: Database;
  url: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** After the first rates this store ever had: payments left out for want of one can be read again. */
  onFirstRates: () => Promise<void>;
}): { stop(): void } {
  const { db, url, now, log } = options;
  const load = async () => {
    try {
      const before = await newestRateDay(db);
      const stored = await loadEcbRates(db, url);
      log.info({ stored }, 'ECB reference rates loaded');
      if (before === null && stored > 0) await options.onFirstRates();
    } catch (error) {
      log.warn({ err: error, url }, 'the ECB reference rates could not be loaded');
    }
  };
  const loadWhenStale = async () => {
    const newest = await newestRateDay(db).catch(() => null);
    const yesterday = new Date(now().getTime() - DAY_MS).toISOString().slice(0, 10);
    if (newest === null || newest < yesterday) await load();
  };
  const first = setTimeout(() => void loadWhenStale(), FIRST_LOOK_MS);
  const daily = setInterval(() => void load(), DAY_MS);
  first.unref();
  daily.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}
