import { createHash } from 'node:crypto';
import { asc, desc, sql } from 'drizzle-orm';
import type { Database } from './client';
import { revenueLedger } from './schema';

/**
 * The public correction ledger's hash chain (docs/decisions/043-correction-ledger.md). Each row's
 * `hash` is the SHA-256 (hex) of the JSON array
 * `[revenueId, changedAt, field, oldValue, newValue, reason, prevHash]`, with `changedAt` as ISO 8601
 * with milliseconds and `prevHash` the previous row's hash (64 zeros for the first row), so anyone
 * holding `ledger.json` can recompute the chain, and a row altered in the database breaks it.
 */
export const LEDGER_GENESIS_HASH = '0'.repeat(64);

/** Serialises appends across connections, so two writers never chain from the same row. */
const LEDGER_LOCK = 727_018;

export interface LedgerRowValues {
  /** Null for a row about a whole import, which names no single entry. */
  revenueId: number | null;
  /** The `revenue_changes` row published, null for a row about a whole import. Not hashed. */
  changeId: number | null;
  changedAt: Date;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  reason: string | null;
}

export interface LedgerRow extends Omit<LedgerRowValues, 'changedAt'> {
  id: number;
  changedAt: string;
  prevHash: string;
  hash: string;
}

export function ledgerRowHash(row: Omit<LedgerRow, 'id' | 'hash' | 'changeId'>): string {
  const fields = [
    row.revenueId,
    row.changedAt,
    row.field,
    row.oldValue,
    row.newValue,
    row.reason,
    row.prevHash,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** Appends rows in order, chained to the last one. Call it inside the transaction of the change. */
export async function appendLedger(tx: Database, rows: readonly LedgerRowValues[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK})`);
  const [last] = await tx
    .select({ hash: revenueLedger.hash })
    .from(revenueLedger)
    .orderBy(desc(revenueLedger.id))
    .limit(1);
  let prevHash = last?.hash ?? LEDGER_GENESIS_HASH;
  const chained = rows.map((row) => {
    const hash = ledgerRowHash({ ...row, changedAt: row.changedAt.toISOString(), prevHash });
    const values = { ...row, prevHash, hash };
    prevHash = hash;
    return values;
  });
  await tx.insert(revenueLedger).values(chained);
}

/** The whole ledger, oldest first. */
export async function listLedger(db: Database): Promise<LedgerRow[]> {
  const rows = await db.select().from(revenueLedger).orderBy(asc(revenueLedger.id));
  return rows.map((row) => ({ ...row, changedAt: row.changedAt.toISOString() }));
}

/** The ledger's row count and its last row's hash (null while empty): what a copy is checked against. */
export async function ledgerHead(db: Database): Promise<{ rows: number; head: string | null }> {
  const [row] = await db
    .select({
      rows: sql<number>`(select count(*)::int from ${revenueLedger})`,
      head: sql<
        string | null
      >`(select ${revenueLedger.hash} from ${revenueLedger} order by ${revenueLedger.id} desc limit 1)`,
    })
    .from(sql`(select 1) as one`);
  return { rows: row?.rows ?? 0, head: row?.head ?? null };
}

/** The id of the first row whose hash or link does not match, or null when the chain holds. */
export function firstBrokenLedgerRow(rows: readonly LedgerRow[]): number | null {
  let prevHash = LEDGER_GENESIS_HASH;
  for (const row of rows) {
    if (row.prevHash !== prevHash || ledgerRowHash(row) !== row.hash) return row.id;
    prevHash = row.hash;
  }
  return null;
}
