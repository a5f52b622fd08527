import { CONNECTION_PROVIDERS, type Verification } from '@journey/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { ledgerHead } from './revenue-ledger';
import { providerConnections, revenues, revenueTotals } from './schema';

/** The query module of provider_connections (docs/decisions/077-provider-connections.md). */

/** Entries a provider vouches for: read with the owner's key, or sent signed by the provider. */
const VERIFIED = ['sync', 'webhook'] as const;

/** `verification.json` and the tracker's verified line: the verified share, each provider, the ledger's head. */
export async function publicVerification(db: Database): Promise<Verification> {
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
    .sort((a, b) => CONNECTION_PROVIDERS.indexOf(a.provider) - CONNECTION_PROVIDERS.indexOf(b.provider))
    .map((row) => ({ ...row, lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null }));
  return {
    total,
    verifiedTotal,
    verifiedShare: Number(total) > 0 ? Math.min(1, Math.max(0, Number(verifiedTotal) / Number(total))) : 0,
    providers,
    ledger,
  };
}
