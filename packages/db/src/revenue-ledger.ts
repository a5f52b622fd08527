import { createHash } from 'node:crypto';
import {
  checkLedgerChain,
  LEDGER_CREATED,
  LEDGER_DELETED,
  LEDGER_GENESIS_HASH,
  ledgerHashInput,
  type LedgerChainCheck,
  type LedgerEntryValues,
  type PublishedLedgerRow,
} from '@journey/contracts/constants';
import { asc, desc, sql } from 'drizzle-orm';
import type { Database } from './client';
import type { StoredSnapshot } from './revenues';
import { revenueLedger } from './schema';

/**
 * The public ledger's hash chain (docs/decisions/079-ledger-of-every-write.md, after 043): every
 * creation, edit, deletion and undo of a revenue entry appends rows here in its transaction. Each row's
 * `hash` is the SHA-256 of its id, its contents and the previous row's hash (`ledgerHashInput`), so
 * anyone holding `ledger.json` can recompute the chain, and a row altered in the database breaks it.
 */
export { LEDGER_GENESIS_HASH };

/** Serialises appends across connections, so two writers never chain from the same row. */
const LEDGER_LOCK = 727_018;

/** Rows per insert statement. */
const APPEND_CHUNK_ROWS = 5_000;

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

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A stored row as `ledger.json` publishes it. */
export function publishedLedgerRow(row: LedgerRow): PublishedLedgerRow {
  return {
    id: row.id,
    entryId: row.revenueId,
    time: row.changedAt,
    field: row.field,
    old: row.oldValue,
    new: row.newValue,
    reason: row.reason,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

export function ledgerRowHash(row: Omit<LedgerRow, 'hash'>): string {
  return sha256Hex(ledgerHashInput(publishedLedgerRow({ ...row, hash: '' })));
}

/** An entry as its created or deleted row publishes it; a manual entry is USD, its own original amount. */
export function ledgerEntryJson(snapshot: StoredSnapshot): string {
  const { amount, source, description, date, origin } = snapshot;
  const values: LedgerEntryValues = {
    amount,
    source,
    description,
    date,
    provenance: origin?.provenance ?? 'manual',
    provider: origin?.provider ?? null,
    externalId: origin?.externalId ?? null,
    currency: origin?.currency ?? 'USD',
    originalAmount: origin?.originalAmount ?? amount,
  };
  return JSON.stringify(values);
}

/** The row publishing an entry's creation (`after`) or deletion (`before`). */
export function entryLedgerRow(
  change: { revenueId: number; changeId: number | null; changedAt: Date; reason: string | null },
  kind: 'created' | 'deleted',
  snapshot: StoredSnapshot,
): LedgerRowValues {
  const json = ledgerEntryJson(snapshot);
  return kind === 'created'
    ? { ...change, field: LEDGER_CREATED, oldValue: null, newValue: json }
    : { ...change, field: LEDGER_DELETED, oldValue: json, newValue: null };
}

/** Holds the ledger until this transaction ends: nobody else appends or rewrites it meanwhile. */
export async function lockLedger(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK})`);
}

/** Appends rows in order, chained to the last one. Call it inside the transaction of the change. */
export async function appendLedger(tx: Database, rows: readonly LedgerRowValues[]): Promise<void> {
  if (rows.length === 0) return;
  await lockLedger(tx);
  const [last] = await tx
    .select({ hash: revenueLedger.hash })
    .from(revenueLedger)
    .orderBy(desc(revenueLedger.id))
    .limit(1);
  // The ids are hashed, so they are taken first; under the lock the sequence hands them out in order.
  const ids = await tx.execute<{ id: string | number }>(
    sql`select nextval(pg_get_serial_sequence('revenue_ledger', 'id')) as id from generate_series(1, ${rows.length})`,
  );
  let prevHash = last?.hash ?? LEDGER_GENESIS_HASH;
  const chained = rows.map((row, index) => {
    const id = Number(ids[index]?.id);
    const hash = ledgerRowHash({ ...row, id, changedAt: row.changedAt.toISOString(), prevHash });
    const values = { ...row, id, prevHash, hash };
    prevHash = hash;
    return values;
  });
  // One JSON parameter per chunk, as the bulk writes of entries do: an import of 100,000 rows appends
  // 100,000 rows here, and a VALUES list of a thousand rows costs more to build than to run.
  for (let start = 0; start < chained.length; start += APPEND_CHUNK_ROWS) {
    const records = JSON.stringify(
      chained.slice(start, start + APPEND_CHUNK_ROWS).map((row) => ({
        ...row,
        changedAt: row.changedAt.toISOString(),
      })),
    );
    await tx.execute(sql`
      insert into revenue_ledger (id, revenue_id, change_id, changed_at, field, old_value, new_value, reason, prev_hash, hash)
      select r."id", r."revenueId", r."changeId", r."changedAt", r."field", r."oldValue", r."newValue", r."reason",
        r."prevHash", r."hash"
      from jsonb_to_recordset(${records}::jsonb) as r("id" bigint, "revenueId" integer, "changeId" bigint,
        "changedAt" timestamptz, "field" text, "oldValue" text, "newValue" text, "reason" text, "prevHash" text,
        "hash" text)`);
  }
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

/** Whether the chain holds, or where it first breaks, as a visitor's browser checks it. */
export function checkLedger(rows: readonly LedgerRow[]): Promise<LedgerChainCheck> {
  return checkLedgerChain(rows.map(publishedLedgerRow), sha256Hex);
}

/** The id of the first row whose hash or link does not match, or null when the chain holds. */
export async function firstBrokenLedgerRow(rows: readonly LedgerRow[]): Promise<number | null> {
  const check = await checkLedger(rows);
  return check.intact ? null : check.brokenAt;
}
