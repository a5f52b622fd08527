import { and, desc, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from './client';
import { recordCostsWithoutHistory } from './cost-history';
import {
  appendLedger,
  checkLedger,
  entryLedgerRow,
  LEDGER_GENESIS_HASH,
  ledgerRowHash,
  ledgerRowsFrom,
  ledgerSecrets,
  lockLedger,
  sha256Hex,
  type LedgerRow,
} from './revenue-ledger';
import { storedSnapshotOf } from './revenues';
import { revenueChanges, revenueLedger, revenues } from './schema';

/**
 * Brings a ledger written by an older server up to date, after the migrations and after a restore:
 * - rows hashed before decision 084 (their values themselves, no secret, no entity), or before 079
 *   (without their id), get a secret each and are chained again with commitments
 *   (docs/decisions/084-ledger-commitments.md), from the first such row on, once, if and only if the
 *   chain they were written in holds: a broken old chain is left alone, so every check names its row;
 * - every entry without a "created" row gets one with its current values (docs/decisions/079-ledger-of-every-write.md).
 * On an up-to-date ledger it looks for a row without a secret and finds nothing to publish.
 */

/** Why an entry's creation is published late. */
export const LATE_CREATION_REASON = 'Entered before the ledger published creations';
/** The reason of the creation published for a cost recorded before costs had a history (migration 0021). */
export const LATE_COST_REASON = 'Recorded before costs joined the ledger';

/** Rows read, checked and written again at a time. */
const REHASH_CHUNK_ROWS = 2_000;

/** How a row without a secret was hashed, by an older server. */
type OldRule = (row: LedgerRow) => string;

/**
 * The rule of a row without a secret: before decision 084 its values themselves were hashed (with its
 * id since 079, without it before).
 */
const valuesHashed =
  (withId: boolean): OldRule =>
  (row) =>
    sha256Hex(
      JSON.stringify([
        ...(withId ? [row.id] : []),
        row.revenueId,
        row.changedAt,
        row.field,
        row.oldValue,
        row.newValue,
        row.reason,
        row.prevHash,
      ]),
    );

const OLD_RULES: readonly OldRule[] = [valuesHashed(true), valuesHashed(false)];

/** A chain followed under one old rule (rows with a secret are hashed the current way): where it got to. */
interface Walk {
  rule: OldRule;
  prevHash: string;
  holds: boolean;
}

const walksFromGenesis = () =>
  OLD_RULES.map((rule): Walk => ({ rule, prevHash: LEDGER_GENESIS_HASH, holds: true }));

/** Follows `rows` on from where the walk got to, and notes whether they all verify. */
function follow(walk: Walk, rows: readonly LedgerRow[]): void {
  for (const row of rows) {
    if (!walk.holds) return;
    const hash = row.secret === null ? walk.rule(row) : ledgerRowHash(row);
    walk.holds = row.prevHash === walk.prevHash && hash === row.hash;
    walk.prevHash = row.hash;
  }
}

/** A backup's row as the ledger stores it: a backup taken before 084 has no secret, entity or reveal. */
const asStored = (row: LedgerRow): LedgerRow => ({
  ...row,
  costId: row.costId ?? null,
  secret: row.secret ?? null,
  revealedAt: row.revealedAt ?? null,
});

/**
 * Whether a ledger's rows verify, hashed the current way or by an older server (a backup may hold
 * either): null when they do, else the first broken row's id under the current rules.
 */
export async function firstBrokenRowOfAnyVersion(rows: readonly LedgerRow[]): Promise<number | null> {
  const stored = rows.map(asStored);
  const current = await checkLedger(stored);
  if (current.intact) return null;
  const walks = walksFromGenesis();
  for (const walk of walks) follow(walk, stored);
  return walks.some((walk) => walk.holds) ? null : current.brokenAt;
}

/** The ledger a part at a time, oldest first, from row `fromId` on. */
async function* ledgerChunks(tx: Database, fromId: number): AsyncGenerator<LedgerRow[]> {
  for (let from = fromId; ;) {
    const rows = await ledgerRowsFrom(tx, from, REHASH_CHUNK_ROWS);
    if (rows.length === 0) return;
    yield rows;
    from = (rows.at(-1)?.id ?? from) + 1;
  }
}

/** Whether the whole chain verifies, each row without a secret under one and the same old rule. */
async function oldChainHolds(tx: Database): Promise<boolean> {
  const walks = walksFromGenesis();
  for await (const rows of ledgerChunks(tx, 0)) {
    for (const walk of walks) follow(walk, rows);
    if (!walks.some((walk) => walk.holds)) return false;
  }
  return true;
}

async function rechainWithSecrets(tx: Database): Promise<number> {
  const [first] = await tx
    .select({ id: revenueLedger.id })
    .from(revenueLedger)
    .where(isNull(revenueLedger.secret))
    .orderBy(revenueLedger.id)
    .limit(1);
  // A broken old chain is left as it is, for every check to name its first broken row.
  if (!first || !(await oldChainHolds(tx))) return 0;
  const [before] = await tx
    .select({ hash: revenueLedger.hash })
    .from(revenueLedger)
    .where(lt(revenueLedger.id, first.id))
    .orderBy(desc(revenueLedger.id))
    .limit(1);
  let prevHash = before?.hash ?? LEDGER_GENESIS_HASH;
  let rechained = 0;
  for await (const rows of ledgerChunks(tx, first.id)) {
    const secrets = ledgerSecrets(rows.length);
    const chunk = rows.map((row, index) => {
      const secret = row.secret ?? secrets[index] ?? null;
      const hash = ledgerRowHash({ ...row, secret, prevHash });
      const values = { id: row.id, secret, prev_hash: prevHash, hash };
      prevHash = hash;
      return values;
    });
    await tx.execute(sql`
      update revenue_ledger as l set secret = r.secret, prev_hash = r.prev_hash, hash = r.hash
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(id bigint, secret text, prev_hash text, hash text)
      where l.id = r.id`);
    rechained += rows.length;
  }
  return rechained;
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

/** Rows chained again and entries and costs published; both zero on an up-to-date ledger. */
export function upgradeLedger(
  db: Database,
  now = new Date(),
): Promise<{ rechained: number; published: number }> {
  return db.transaction(async (tx) => {
    await lockLedger(tx);
    const rechained = await rechainWithSecrets(tx);
    const published =
      (await publishUnpublishedEntries(tx, now)) +
      (await recordCostsWithoutHistory(tx, now, LATE_COST_REASON));
    return { rechained, published };
  });
}
