import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Database } from './client';
import {
  checkLedger,
  entryLedgerRow,
  LEDGER_GENESIS_HASH,
  appendLedger,
  ledgerRowHash,
  listLedger,
  lockLedger,
  sha256Hex,
  type LedgerRow,
} from './revenue-ledger';
import { storedSnapshotOf } from './revenues';
import { revenueChanges, revenueLedger, revenues } from './schema';

/**
 * Brings a ledger written before it covered every write up to date (docs/decisions/079-ledger-of-every-write.md):
 * rows hashed the old way (without their id) are chained again, once, if and only if their old chain
 * holds; every entry without a "created" row gets one with its current values. Runs after the
 * migrations and after a restore; on an up-to-date ledger it reads one row and finds nothing to publish.
 */

/** Why an entry's creation is published late. */
export const LATE_CREATION_REASON = 'Entered before the ledger published creations';

const REHASH_CHUNK_ROWS = 2_000;

/** The hash of a row before decision 079: the same fields, without the row's id. */
function legacyRowHash(row: Omit<LedgerRow, 'hash'>): string {
  return sha256Hex(
    JSON.stringify([
      row.revenueId,
      row.changedAt,
      row.field,
      row.oldValue,
      row.newValue,
      row.reason,
      row.prevHash,
    ]),
  );
}

/** The first row whose old-style hash or link does not match, or null when that chain holds. */
function firstBrokenLegacyRow(rows: readonly LedgerRow[]): number | null {
  let prevHash = LEDGER_GENESIS_HASH;
  for (const row of rows) {
    if (row.prevHash !== prevHash || legacyRowHash(row) !== row.hash) return row.id;
    prevHash = row.hash;
  }
  return null;
}

/**
 * Whether a ledger's rows verify, hashed either way (a backup taken before 079 holds old-style rows):
 * null when they do, else the first broken row's id under the current rules.
 */
export async function firstBrokenRowOfAnyVersion(rows: readonly LedgerRow[]): Promise<number | null> {
  const current = await checkLedger(rows);
  if (current.intact || firstBrokenLegacyRow(rows) === null) return null;
  return current.brokenAt;
}

async function rechainLegacyRows(tx: Database): Promise<number> {
  const [first] = await tx.select().from(revenueLedger).orderBy(revenueLedger.id).limit(1);
  if (!first) return 0;
  const firstRow = { ...first, changedAt: first.changedAt.toISOString() };
  if (ledgerRowHash(firstRow) === first.hash || legacyRowHash(firstRow) !== first.hash) return 0;
  const rows = await listLedger(tx);
  // A broken old chain is left as it is, for every check to name its first broken row.
  if (firstBrokenLegacyRow(rows) !== null) return 0;
  let prevHash = LEDGER_GENESIS_HASH;
  const rechained = rows.map((row) => {
    const hash = ledgerRowHash({ ...row, prevHash });
    const values = { id: row.id, prev_hash: prevHash, hash };
    prevHash = hash;
    return values;
  });
  for (let start = 0; start < rechained.length; start += REHASH_CHUNK_ROWS) {
    const chunk = JSON.stringify(rechained.slice(start, start + REHASH_CHUNK_ROWS));
    await tx.execute(sql`
      update revenue_ledger as l set prev_hash = r.prev_hash, hash = r.hash
      from jsonb_to_recordset(${chunk}::jsonb) as r(id bigint, prev_hash text, hash text)
      where l.id = r.id`);
  }
  return rechained.length;
}

async function publishUnpublishedEntries(tx: Database, now: Date): Promise<number> {
  const unpublished = await tx
    .select({
      entry: revenues,
      changeId: sql<
        number | null
      >`(select max(${revenueChanges.id}) from ${revenueChanges} where ${revenueChanges.revenueId} = ${revenues.id} and ${revenueChanges.action} = 'create')`.mapWith(
        (value) => (value === null ? null : Number(value)),
      ),
    })
    .from(revenues)
    .where(
      notExists(
        tx
          .select({ id: revenueLedger.id })
          .from(revenueLedger)
          .where(and(eq(revenueLedger.revenueId, revenues.id), eq(revenueLedger.field, 'created'))),
      ),
    )
    .orderBy(revenues.id);
  await appendLedger(
    tx,
    unpublished.map(({ entry, changeId }) =>
      entryLedgerRow(
        { revenueId: entry.id, changeId, changedAt: now, reason: LATE_CREATION_REASON },
        'created',
        storedSnapshotOf(entry),
      ),
    ),
  );
  return unpublished.length;
}

/** Rows chained again and entries published; both zero on an up-to-date ledger. */
export function upgradeLedger(
  db: Database,
  now = new Date(),
): Promise<{ rechained: number; published: number }> {
  return db.transaction(async (tx) => {
    await lockLedger(tx);
    const rechained = await rechainLegacyRows(tx);
    const published = await publishUnpublishedEntries(tx, now);
    return { rechained, published };
  });
}
