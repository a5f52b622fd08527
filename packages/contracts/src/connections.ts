import { z } from 'zod';
import { CONNECTION_PROVIDERS, CONNECTION_STATUSES } from './enums';
import { decimalString, isoTimestamp } from './output-fields';

/** docs/decisions/077-provider-connections.md: how a connection's syncs go, never its key. */
export const connectionStatusSchema = z.object({
  provider: z.enum(CONNECTION_PROVIDERS),
  status: z.enum(CONNECTION_STATUSES),
  lastSyncedAt: isoTimestamp.nullable().describe('When a sync last finished without error'),
});

/** `verification.json`: how much of the total a provider vouches for, and the ledger's head. */
export const verificationSchema = z.object({
  total: decimalString.describe('The tracker’s total, USD'),
  verifiedTotal: decimalString.describe('The total of entries read from a provider (sync or webhook), USD'),
  verifiedShare: z.number().min(0).max(1).describe('verifiedTotal ÷ total, 0 when there is no revenue'),
  providers: z.array(connectionStatusSchema),
  ledger: z.object({
    rows: z.number().int().min(0).describe('ledger.json’s row count'),
    head: z.string().nullable().describe('The hash of ledger.json’s last row; null while it is empty'),
  }),
});
export type Verification = z.infer<typeof verificationSchema>;
