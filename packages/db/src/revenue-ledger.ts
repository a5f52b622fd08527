import { createHash, randomBytes } from 'node:crypto';
import {
  checkLedgerChain,
  LEDGER_COST_IMPORT,
  LEDGER_CREATED,
  LEDGER_DELETED,
  LEDGER_GENESIS_HASH,
  ledgerCommitmentInput,
  ledgerHashInput,
  type LedgerChainCheck,
  type LedgerEntity,
  type LedgerEntryValues,
  type PublishedLedgerRow,
} from '@journey/contracts/constants';
import { asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from './client';
import type { StoredSnapshot } from './revenues';
import { revenueLedger } from './schema';

/**
 * The public ledger's hash chain (docs/decisions/079-ledger-of-every-write.md, after 043): every
 * creation, edit, deletion and undo of a revenue entry appends rows here in its transaction. Each row
 * has a random secret; its `hash` is the SHA-256 of its id, what it is about, the commitments of its
 * values under that secret and the previous row's hash (`ledgerHashInput`), so anyone holding
 * `ledger.json` can recompute the chain without the values the owner keeps private
 * (docs/decisions/084-ledger-commitments.md), and a row altered in the database breaks it.
 */
export { LEDGER_GENESIS_HASH };

/** Serialises appends across connections, so two writers never chain from the same row. */
const LEDGER_LOCK = 727_018;

/** Rows per insert statement. */
const APPEND_CHUNK_ROWS = 5_000;

/** Bytes of a row's secret: 64 hex characters. */
const SECRET_BYTES = 32;

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
  /** Set instead of `revenueId` on a row about a cost, which makes its entity 'cost'. */
  costId?: number | null;
}

export interface LedgerRow extends Omit<LedgerRowValues, 'changedAt' | 'costId'> {
  id: number;
  changedAt: string;
  costId: number | null;
  /** Null only on a row written before decision 084 that the upgrade left alone (a broken old chain). */
  secret: string | null;
  /** When the owner published the row's values although its figure is private. */
  revealedAt: string | null;
  prevHash: string;
  hash: string;
}

/** What a row's hash is computed from. */
export type HashedLedgerRow = Omit<LedgerRow, 'hash' | 'revealedAt'>;

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** Fresh secrets, one per row, from one read of the system's random source. */
export function ledgerSecrets(count: number): string[] {
  const hex = randomBytes(SECRET_BYTES * count).toString('hex');
  const length = SECRET_BYTES * 2;
  return Array.from({ length: count }, (_, index) => hex.slice(index * length, (index + 1) * length));
}

/** What a stored row is about: a cost, or a whole cost import undone, or else revenue. */
export const ledgerEntity = (row: { costId: number | null; field: string }): LedgerEntity =>
  row.costId !== null || row.field === LEDGER_COST_IMPORT ? 'cost' : 'revenue';

const commitment = (value: string | null, secret: string | null) =>
  value === null || secret === null ? null : sha256Hex(ledgerCommitmentInput(value, secret));

/** A stored row as `ledger.json` publishes a public one, values and secret included (see `withheldLedgerRow`). */
export function publishedLedgerRow(row: LedgerRow): PublishedLedgerRow {
  return {
    id: row.id,
    entity: ledgerEntity(row),
    entryId: row.revenueId ?? row.costId,
    time: row.changedAt,
    field: row.field,
    oldCommitment: commitment(row.oldValue, row.secret),
    newCommitment: commitment(row.newValue, row.secret),
    old: row.oldValue,
    new: row.newValue,
    secret: row.secret,
    reason: row.reason,
    revealedAt: row.revealedAt,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

/** A published row whose figure the owner keeps private: its commitments, without what opens them. */
export const withheldLedgerRow = (row: PublishedLedgerRow): PublishedLedgerRow => ({
  ...row,
  old: null,
  new: null,
  secret: null,
});

export function ledgerRowHash(row: HashedLedgerRow): string {
  return sha256Hex(ledgerHashInput(publishedLedgerRow({ ...row, revealedAt: null, hash: '' })));
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

/**
 * Appends rows in order, chained to the last one, each with a secret of its own
 * (docs/decisions/084-ledger-commitments.md). Call it inside the transaction of the change.
 */
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
  const secrets = ledgerSecrets(rows.length);
  let prevHash = last?.hash ?? LEDGER_GENESIS_HASH;
  const chained = rows.map((row, index) => {
    const values = {
      ...row,
      id: Number(ids[index]?.id),
      changedAt: row.changedAt.toISOString(),
      costId: row.costId ?? null,
      secret: secrets[index] ?? null,
      prevHash,
    };
    const hash = ledgerRowHash(values);
    prevHash = hash;
    return { ...values, hash };
  });
  // One JSON parameter per chunk, as the bulk writes of entries do: an import of 100,000 rows appends
  // 100,000 rows here, and a VALUES list of a thousand rows costs more to build than to run.
  for (let start = 0; start < chained.length; start += APPEND_CHUNK_ROWS) {
    const records = JSON.stringify(chained.slice(start, start + APPEND_CHUNK_ROWS));
    await tx.execute(sql`
      insert into revenue_ledger (id, revenue_id, change_id, changed_at, field, old_value, new_value, reason,
        cost_id, secret, prev_hash, hash)
      select r."id", r."revenueId", r."changeId", r."changedAt", r."field", r."oldValue", r."newValue", r."reason",
        r."costId", r."secret", r."prevHash", r."hash"
      from jsonb_to_recordset(${records}::jsonb) as r("id" bigint, "revenueId" integer, "changeId" bigint,
        "changedAt" timestamptz, "field" text, "oldValue" text, "newValue" text, "reason" text,
        "costId" integer, "secret" text, "prevHash" text, "hash" text)`);
  }
}

const storedRow = (row: typeof revenueLedger.$inferSelect): LedgerRow => ({
  ...row,
  changedAt: row.changedAt.toISOString(),
  revealedAt: row.revealedAt?.toISOString() ?? null,
});

/** The whole ledger, oldest first. */
export async function listLedger(db: Database): Promise<LedgerRow[]> {
  const rows = await db.select().from(revenueLedger).orderBy(asc(revenueLedger.id));
  return rows.map(storedRow);
}

/** Up to `limit` rows from id `fromId` on, oldest first: a long ledger read a part at a time. */
export async function ledgerRowsFrom(db: Database, fromId: number, limit: number): Promise<LedgerRow[]> {
  const rows = await db
    .select()
    .from(revenueLedger)
    .where(gte(revenueLedger.id, fromId))
    .orderBy(asc(revenueLedger.id))
    .limit(limit);
  return rows.map(storedRow);
}

/** A page of the ledger, newest first, for the admin; `total` counts every row. */
export async function pageLedger(
  db: Database,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: LedgerRow[]; total: number }> {
  const [rows, head] = await Promise.all([
    db.select().from(revenueLedger).orderBy(desc(revenueLedger.id)).offset(offset).limit(limit),
    ledgerHead(db),
  ]);
  return { rows: rows.map(storedRow), total: head.rows };
}

/**
 * Publishes a row's values for good (docs/decisions/084-ledger-commitments.md): the time of the first
 * reveal stays, so revealing again changes nothing. Null when no row has that id. Not hashed: the
 * chain is the same before and after.
 */
export async function revealLedgerRow(
  db: Database,
  id: number,
  now: Date,
): Promise<{ id: number; revealedAt: string } | null> {
  const [row] = await db
    .update(revenueLedger)
    .set({ revealedAt: sql`coalesce(${revenueLedger.revealedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(revenueLedger.id, id))
    .returning({ id: revenueLedger.id, revealedAt: revenueLedger.revealedAt });
  return row?.revealedAt ? { id: row.id, revealedAt: row.revealedAt.toISOString() } : null;
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
