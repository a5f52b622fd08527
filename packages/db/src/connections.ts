import {
  CONNECTION_PROVIDERS,
  type Connection,
  type ConnectionProvider,
  type ConnectionStatus,
  type RevenueSource,
  type Verification,
} from '@journey/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { ledgerHead } from './revenue-ledger';
import { providerConnections, revenues, revenueTotals, webhookEvents } from './schema';
import { requestSync } from './sync-jobs';

/** The query module of provider_connections (docs/decisions/077-provider-connections.md). */

/** Entries a provider vouches for: read with the owner's key, or sent signed by the provider. */
const VERIFIED = ['sync', 'webhook'] as const;

const byProviderOrder = (a: { provider: ConnectionProvider }, b: { provider: ConnectionProvider }) =>
  CONNECTION_PROVIDERS.indexOf(a.provider) - CONNECTION_PROVIDERS.indexOf(b.provider);

/** `verification.json` and the tracker's verified line: the verified share, each provider, the ledger's head. */
export async function publicVerification(
  db: Database,
): Promise<
  Omit<Verification, 'ranges' | 'total' | 'verifiedTotal'> & { total: string; verifiedTotal: string }
> {
  const [[totals], connections, ledger] = await Promise.all([
    db
      .select({
        total: sql<string>`(select round(coalesce(sum(${revenueTotals.amount}), 0), 2)::text from ${revenueTotals})`,
        verifiedTotal: sql<string>`round(coalesce(sum(${revenues.amount}), 0), 2)::text`,
      })
      .from(revenues)
      .where(inArray(revenues.provenance, VERIFIED)),
    db
      .select({
        provider: providerConnections.provider,
        status: providerConnections.status,
        lastSyncedAt: providerConnections.lastSyncedAt,
      })
      .from(providerConnections),
    ledgerHead(db),
  ]);
  const total = totals?.total ?? '0.00';
  const verifiedTotal = totals?.verifiedTotal ?? '0.00';
  const providers = connections
    .sort(byProviderOrder)
    .map((row) => ({ ...row, lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null }));
  return {
    total,
    verifiedTotal,
    verifiedShare: Number(total) > 0 ? Math.min(1, Math.max(0, Number(verifiedTotal) / Number(total))) : 0,
    providers,
    ledger,
  };
}

const connectionColumns = {
  provider: providerConnections.provider,
  status: providerConnections.status,
  lastSyncedAt: providerConnections.lastSyncedAt,
  lastError: providerConnections.lastError,
  accountId: providerConnections.accountId,
  source: providerConnections.source,
  hasWebhookSecret: sql<boolean>`${providerConnections.webhookSecretSealed} is not null`,
  connectedAt: providerConnections.createdAt,
};

type ConnectionRow = Omit<Connection, 'lastSyncedAt' | 'connectedAt'> & {
  lastSyncedAt: Date | null;
  connectedAt: Date;
};

const toConnection = (row: ConnectionRow): Connection => ({
  ...row,
  lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
  connectedAt: row.connectedAt.toISOString(),
});

/** Every connection, in the providers' order; never a key. */
export async function listConnections(db: Database): Promise<Connection[]> {
  const rows = await db.select(connectionColumns).from(providerConnections);
  return rows.sort(byProviderOrder).map(toConnection);
}

export async function findConnection(db: Database, provider: ConnectionProvider): Promise<Connection | null> {
  const [row] = await db
    .select(connectionColumns)
    .from(providerConnections)
    .where(eq(providerConnections.provider, provider));
  return row ? toConnection(row) : null;
}

/** What a sync or a webhook needs to talk to the provider: the sealed key and secret. */
export interface ConnectionCredentials {
  provider: ConnectionProvider;
  source: RevenueSource;
  accountId: string | null;
  apiKeySealed: string;
  webhookSecretSealed: string | null;
}

export async function connectionCredentials(
  db: Database,
  provider: ConnectionProvider,
): Promise<ConnectionCredentials | null> {
  const [row] = await db
    .select({
      provider: providerConnections.provider,
      source: providerConnections.source,
      accountId: providerConnections.accountId,
      apiKeySealed: providerConnections.apiKeySealed,
      webhookSecretSealed: providerConnections.webhookSecretSealed,
    })
    .from(providerConnections)
    .where(eq(providerConnections.provider, provider));
  return row ?? null;
}

/**
 * Connects a provider, or replaces its key: the connection waits for its first sync, which is queued
 * now. A new key may read another account, so the account is read again by that sync.
 */
export async function saveConnection(
  db: Database,
  input: {
    provider: ConnectionProvider;
    source: RevenueSource;
    apiKeySealed: string;
    webhookSecretSealed: string | null;
    now: Date;
  },
): Promise<Connection> {
  const values = {
    status: 'syncing' as const,
    source: input.source,
    apiKeySealed: input.apiKeySealed,
    webhookSecretSealed: input.webhookSecretSealed,
    lastError: null,
  };
  await db
    .insert(providerConnections)
    .values({ provider: input.provider, ...values })
    .onConflictDoUpdate({ target: providerConnections.provider, set: values });
  await requestSync(db, input.provider, input.now);
  const saved = await findConnection(db, input.provider);
  if (!saved) throw new Error(`The ${input.provider} connection vanished while it was saved.`);
  return saved;
}

/** Disconnects a provider: its key, secret and sync job go; the entries it synced stay. False when none. */
export async function deleteConnection(db: Database, provider: ConnectionProvider): Promise<boolean> {
  const deleted = await db
    .delete(providerConnections)
    .where(eq(providerConnections.provider, provider))
    .returning({ provider: providerConnections.provider });
  return deleted.length > 0;
}

/** How a sync ended: a good one moves `lastSyncedAt`, a failed one keeps it and says why. */
export async function recordSyncOutcome(
  db: Database,
  provider: ConnectionProvider,
  outcome:
    | { status: 'ok'; syncedAt: Date; accountId: string | null }
    | { status: Exclude<ConnectionStatus, 'ok' | 'syncing'>; error: string },
): Promise<void> {
  await db
    .update(providerConnections)
    .set(
      outcome.status === 'ok'
        ? {
            status: 'ok',
            lastSyncedAt: outcome.syncedAt,
            lastError: null,
            ...(outcome.accountId ? { accountId: outcome.accountId } : {}),
          }
        : { status: outcome.status, lastError: outcome.error },
    )
    .where(eq(providerConnections.provider, provider));
}

/** Keys sealed under a previous server secret, to seal again under the current one. */
export async function resealConnections(
  db: Database,
  reseal: (sealed: string) => string | null,
): Promise<number> {
  const rows = await db
    .select({
      provider: providerConnections.provider,
      apiKeySealed: providerConnections.apiKeySealed,
      webhookSecretSealed: providerConnections.webhookSecretSealed,
    })
    .from(providerConnections);
  let count = 0;
  for (const row of rows) {
    const apiKey = reseal(row.apiKeySealed);
    const webhookSecret = row.webhookSecretSealed === null ? null : reseal(row.webhookSecretSealed);
    if (apiKey === null && webhookSecret === null) continue;
    await db
      .update(providerConnections)
      .set({
        ...(apiKey === null ? {} : { apiKeySealed: apiKey }),
        ...(webhookSecret === null ? {} : { webhookSecretSealed: webhookSecret }),
      })
      .where(eq(providerConnections.provider, row.provider));
    count += 1;
  }
  return count;
}

/** Records a provider's webhook event by its id; false when it was recorded before (a redelivery). */
export async function recordWebhookEvent(
  db: Database,
  event: { provider: ConnectionProvider; eventId: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length > 0;
}

/** Whether a provider's webhook event was recorded already. */
export async function webhookEventSeen(
  db: Database,
  provider: ConnectionProvider,
  eventId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
  return row !== undefined;
}
