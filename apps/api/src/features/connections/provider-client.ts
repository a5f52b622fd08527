import type { ConnectionProvider, SubscriptionPeriod } from '@journey/contracts';
import type { SyncedRevenue } from '@journey/db';

/**
 * What the sync asks of each payment provider's client (docs/decisions/077-provider-connections.md);
 * providers/*.ts implement it with the provider's official SDK, pointed at its *_API_BASE.
 */

/** One payment, refund or adjustment as it becomes a revenue entry: what the database stores. */
export type SyncedEntry = SyncedRevenue;

/** The product and price an entry paid for, as the provider names them (docs/decisions/082-experiment-money.md). */
export type EntryLabel = Pick<SyncedEntry, 'productId' | 'priceId'>;

/**
 * An entry the provider settled in another currency than USD: `settled` is its amount there, converted
 * at the ECB's rate of its day before it is stored (settle-in-usd.ts).
 */
export interface UnconvertedEntry extends Omit<SyncedEntry, 'amount'> {
  settled: { amount: string; currency: string };
}

/** What a provider's page or event yields: entries in USD, or to be converted. */
export type ReadEntry = SyncedEntry | UnconvertedEntry;

/** A transaction read but not made an entry, and why: nothing is dropped silently. */
export interface SkippedTransaction {
  externalId: string;
  reason: string;
}

export interface SyncPage {
  entries: ReadEntry[];
  skipped: SkippedTransaction[];
  /** Where the next page starts, or, once `done`, where the next run starts (an incremental sync). */
  cursor: unknown;
  done: boolean;
  /** The provider's id of the account the key reads, when this page tells it. */
  accountId: string | null;
  /**
   * The subscription periods this page's objects bill, where the revenue objects are the billing ones
   * (Paddle's transactions, Polar's orders): read once for both.
   */
  periods?: PeriodsRead;
}

/** A webhook delivery whose signature held: the provider's event, not yet read. */
export interface VerifiedEvent {
  id: string;
  type: string;
  payload: unknown;
}

/** One billed service period as a provider's client reads it; the sync adds the provider. */
export type ReadPeriod = Omit<SubscriptionPeriod, 'provider'>;

/**
 * What a provider's subscription billing says (docs/decisions/077-provider-connections.md, "Subscription
 * periods"): the periods of paid lines, the lines whose period no longer stands (a refunded invoice),
 * the lines read and set aside with their reason, and, when the key may read revenue but not
 * subscriptions, why nothing was read: the revenue sync goes on, and the admin is told.
 */
export interface PeriodsRead {
  periods: ReadPeriod[];
  voided: string[];
  skipped: SkippedTransaction[];
  unreadable: string | null;
}

export interface ProviderClient {
  provider: ConnectionProvider;
  /** Refuses, with a ConnectionKeyError, a key that is wrong, revoked, cannot read, or can write. */
  checkKey(apiKey: string): Promise<void>;
  /** One page of the history from `cursor`; null starts a backfill of the whole history. */
  readPage(apiKey: string, cursor: unknown): Promise<SyncPage>;
  /**
   * Checks a webhook delivery with the provider's own method, on the raw body as it arrived; throws a
   * WebhookSignatureError when the signature is missing, wrong or too old.
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    secret: string,
  ): VerifiedEvent | Promise<VerifiedEvent>;
  /**
   * What an event tells, read as the sync reads the same objects: the payments and refunds (none for
   * events that are not about money), and the subscription periods a payment bills or a refund voids
   * (undefined for events that bill none).
   */
  readEvent(apiKey: string, event: VerifiedEvent): Promise<Pick<SyncPage, 'entries' | 'skipped' | 'periods'>>;
  /**
   * The subscription periods billed from `since` on (the billing object's creation or change), or all
   * of them when `since` is null; after a run's revenue pages are done. For a provider whose revenue
   * pages are not its billing objects (Stripe's balance transactions; Lemon Squeezy's invoices, which
   * need their subscriptions' plans read too).
   */
  readSubscriptionPeriods?(apiKey: string, since: Date | null): Promise<PeriodsRead>;
}

/** A webhook delivery whose signature does not hold; never says what was expected. */
export class WebhookSignatureError extends Error {}

/** Why a key cannot be used, in words for the admin; never holds the key. */
export class ConnectionKeyError extends Error {
  constructor(
    message: string,
    readonly reason: 'rejected' | 'can-write' | 'cannot-read',
  ) {
    super(message);
  }
}

/** The provider asked to slow down: the run stops here and goes on after `retryAfterMs`. */
export class RetryLaterError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`The provider asked to wait ${Math.ceil(retryAfterMs / 1000)} s before the next request.`);
  }
}
