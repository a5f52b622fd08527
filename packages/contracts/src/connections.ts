import { z } from 'zod';
import { CONNECTION_PROVIDERS, CONNECTION_STATUSES, REVENUE_SOURCES } from './enums';
import { decimalString, isoTimestamp } from './output-fields';
import { syncIntervalField } from './settings';

/** docs/decisions/077-provider-connections.md: how a connection's syncs go, never its key. */
export const connectionStatusSchema = z.object({
  provider: z.enum(CONNECTION_PROVIDERS),
  status: z.enum(CONNECTION_STATUSES),
  lastSyncedAt: isoTimestamp.nullable().describe('When a sync last finished without error'),
});

/** `verification.json`: how much of the total a provider vouches for, and the ledger's head. */
export const verificationSchema = z.object({
  total: decimalString
    .nullable()
    .describe('The tracker’s total, USD; null unless the owner shows it exactly'),
  verifiedTotal: decimalString
    .nullable()
    .describe('The total of entries read from a provider (sync or webhook), USD; null with `total`'),
  verifiedShare: z.number().min(0).max(1).describe('verifiedTotal ÷ total, 0 when there is no revenue'),
  /** docs/decisions/083-privacy-per-figure.md: the bands when the owner shows the total as a range. */
  ranges: z.object({
    total: z.string().nullable(),
    verifiedTotal: z.string().nullable(),
  }),
  providers: z.array(connectionStatusSchema),
  ledger: z.object({
    rows: z.number().int().min(0).describe('ledger.json’s row count'),
    head: z.string().nullable().describe('The hash of ledger.json’s last row; null while it is empty'),
  }),
});
export type Verification = z.infer<typeof verificationSchema>;

/** A transaction a provider reported that is not an entry, and why: nothing is dropped silently. */
export const skippedItemSchema = z.object({
  provider: z.enum(CONNECTION_PROVIDERS),
  externalId: z.string(),
  reason: z.string(),
  seenAt: isoTimestamp.describe('When a sync or a webhook last read it'),
});
export type SkippedItem = z.infer<typeof skippedItemSchema>;

/** A connection as the admin sees it: always these fields, and never its key nor its webhook secret. */
export const connectionSchema = connectionStatusSchema.extend({
  lastError: z.string().nullable().describe('Why the last sync failed, in words; null after a good one'),
  accountId: z.string().nullable().describe('The provider’s id of the account the key reads, once known'),
  source: z.enum(REVENUE_SOURCES).describe('The revenue source its entries count under'),
  hasWebhookSecret: z.boolean().describe('Whether a webhook signing secret is stored'),
  connectedAt: isoTimestamp,
});
export type Connection = z.infer<typeof connectionSchema>;

/** docs/decisions/078-exchange-rates.md: how far the ECB's reference rates reach. */
export const exchangeRatesStatusSchema = z.object({
  newestDay: z.string().nullable().describe('The newest day with rates (YYYY-MM-DD), null before any load'),
  days: z.number().int().nonnegative().describe('Business days with rates'),
});
export type ExchangeRatesStatus = z.infer<typeof exchangeRatesStatusSchema>;

/** The largest upload: the ECB's whole history is under 2 MB as a CSV, well under 1 MB zipped. */
export const MAX_RATES_FILE_BYTES = 8 * 1024 * 1024;

/** PUT /api/admin/exchange-rates: the ECB's CSV, or the zip it comes in, as base64. */
export const exchangeRatesUploadInput = z.object({
  file: z
    .string({ error: 'Choose the ECB’s CSV or zip file.' })
    .min(1, 'Choose the ECB’s CSV or zip file.')
    .max(Math.ceil((MAX_RATES_FILE_BYTES * 4) / 3) + 4, 'The file is larger than 8 MiB.')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The file must be sent as base64.')
    .describe('The file’s bytes, base64'),
});

export const exchangeRatesUploadResultSchema = exchangeRatesStatusSchema.extend({
  stored: z.number().int().nonnegative().describe('Rates read from the file and stored'),
});

/** The admin's Connections tab: every provider, connected or not, with what connecting it needs. */
export const connectionsOverviewSchema = z.object({
  connections: z.array(connectionSchema),
  exchangeRates: exchangeRatesStatusSchema,
  /** Where each provider posts its signed events: the URL to paste into its dashboard. */
  webhookUrls: z.record(z.enum(CONNECTION_PROVIDERS), z.string()),
  /** Stripe's form for a restricted key, filled in with exactly the read permissions the sync needs. */
  stripeRestrictedKeyUrl: z.string(),
  syncIntervalMinutes: z.number().int().describe('Minutes between two syncs of each connection'),
  /** What the syncs and webhooks read but did not count, newest first (at most 200), and why. */
  skipped: z.array(skippedItemSchema),
  skippedCounts: z
    .partialRecord(z.enum(CONNECTION_PROVIDERS), z.number().int())
    .describe('Skipped transactions per provider, in all'),
});

/** PUT /api/admin/sync-schedule: how often every connection is synced. */
export const syncScheduleSchema = z.object({ intervalMinutes: syncIntervalField });
export type SyncSchedule = z.infer<typeof syncScheduleSchema>;
export type ConnectionsOverview = z.infer<typeof connectionsOverviewSchema>;

const MAX_SECRET = 4096;
const oneWord = (value: string) => !/\s/.test(value);

export const connectionProviderInput = z.object({ provider: z.enum(CONNECTION_PROVIDERS) });

/** PUT /api/admin/connections/{provider}: the read-only key, and the webhook secret when there is one. */
export const connectInput = connectionProviderInput.extend({
  apiKey: z
    .string({ error: 'The API key is required.' })
    .trim()
    .min(1, 'The API key is required.')
    .max(MAX_SECRET, `The API key is at most ${MAX_SECRET} characters.`)
    .refine(oneWord, 'The API key is one word, without spaces.'),
  webhookSecret: z
    .string({ error: 'The webhook secret is text.' })
    .trim()
    .max(MAX_SECRET, `The webhook secret is at most ${MAX_SECRET} characters.`)
    .refine(oneWord, 'The webhook secret is one word, without spaces.')
    .nullish()
    .transform((value) => value || null)
    .describe('The signing secret the provider shows for the webhook URL; empty or null for none'),
  source: z
    .enum(REVENUE_SOURCES, { error: `The source is one of ${REVENUE_SOURCES.join(', ')}.` })
    .default('ai')
    .describe('The revenue source the entries count under; ai unless said'),
});
export type ConnectInput = z.infer<typeof connectInput>;
