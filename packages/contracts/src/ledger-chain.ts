/**
 * The public ledger's rules, shared by the server that writes it and the `/ledger` page that checks it
 * in the visitor's browser (docs/decisions/079-ledger-of-every-write.md): how a row is hashed, how
 * the chain is checked, and how the totals are recomputed from the rows alone.
 */

/** A row as `ledger.json` publishes it. */
export interface PublishedLedgerRow {
  id: number;
  /** The revenue entry; null for a row about a whole import. */
  entryId: number | null;
  time: string;
  field: string;
  old: string | null;
  new: string | null;
  reason: string | null;
  prevHash: string;
  hash: string;
}

/** The `prevHash` of the first row. */
export const LEDGER_GENESIS_HASH = '0'.repeat(64);

/**
 * The `field` of a row publishing an entry's creation or deletion; its `new` (a creation) or `old`
 * (a deletion) is the entry as JSON (`LedgerEntryValues`). An edit publishes one row per changed
 * field instead, named after the field.
 */
export const LEDGER_CREATED = 'created';
export const LEDGER_DELETED = 'deleted';

/** An entry as a created or deleted row carries it. */
export interface LedgerEntryValues {
  /** USD, a decimal string. */
  amount: string;
  source: string;
  description: string;
  /** ISO 8601, UTC. */
  date: string;
  provenance: string;
  provider: string | null;
  externalId: string | null;
  currency: string;
  originalAmount: string;
}

/** What a row's hash is the SHA-256 (lowercase hex) of: its own id, its contents and the previous hash. */
export function ledgerHashInput(row: Omit<PublishedLedgerRow, 'hash'>): string {
  return JSON.stringify([
    row.id,
    row.entryId,
    row.time,
    row.field,
    row.old,
    row.new,
    row.reason,
    row.prevHash,
  ]);
}

/** Explained beside the rows, so anyone can recompute `hash` without this code. */
export const LEDGER_ALGORITHM =
  'hash = lowercase hex SHA-256 of the UTF-8 JSON array [id, entryId, time, field, old, new, reason, prevHash] ' +
  '(JSON.stringify, no spaces; time as ISO 8601 UTC with milliseconds; prevHash is the previous row’s hash, ' +
  '64 zeros for the first row). A "created" row’s new and a "deleted" row’s old hold the entry as JSON; ' +
  'an edit is one row per changed field. Totals: replay the rows in order, starting an entry at its ' +
  '"created" row, and sum the amounts of the entries that remain.';

export type LedgerChainCheck =
  | { intact: true; rows: number; head: string | null }
  | { intact: false; rows: number; brokenAt: number; problem: string };

/** Checks every link and hash in order; `sha256` gives lowercase hex (Node's crypto or Web Crypto). */
export async function checkLedgerChain(
  rows: readonly PublishedLedgerRow[],
  sha256: (text: string) => string | Promise<string>,
): Promise<LedgerChainCheck> {
  let prevHash = LEDGER_GENESIS_HASH;
  let lastId = -Infinity;
  for (const row of rows) {
    const problem =
      row.id <= lastId
        ? 'it is out of order'
        : row.prevHash !== prevHash
          ? 'its previous hash is not the hash of the row before it'
          : (await sha256(ledgerHashInput(row))) !== row.hash
            ? 'its hash does not match its contents'
            : null;
    if (problem) return { intact: false, rows: rows.length, brokenAt: row.id, problem };
    prevHash = row.hash;
    lastId = row.id;
  }
  return { intact: true, rows: rows.length, head: rows.at(-1)?.hash ?? null };
}

/** Totals recomputed from the rows: decimal strings, like the published ones. */
export interface LedgerTotals {
  total: string;
  bySource: Record<string, string>;
  /** `YYYY-MM` (UTC) → that month's total. */
  byMonth: Record<string, string>;
  entries: number;
}

interface ReplayedEntry {
  amount: string | null;
  source: string | null;
  date: string | null;
}

/** Cents of a decimal string such as "-12.5" or "1999.99", exactly. */
export function centsOfDecimal(value: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`"${value}" is not an amount`);
  const cents = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** "-1234.50" from -123450n. */
export function decimalOfCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

function entryFrom(json: string): ReplayedEntry {
  const values = JSON.parse(json) as Partial<LedgerEntryValues>;
  return { amount: values.amount ?? null, source: values.source ?? null, date: values.date ?? null };
}

/**
 * Replays the rows: an entry counts from its "created" row (rows about it before that, from before
 * the ledger covered creations, are superseded by the values that row carries), a field row edits it,
 * a "deleted" row or an amount set to nothing removes it.
 */
export function replayLedger(rows: readonly PublishedLedgerRow[]): LedgerTotals {
  const entries = new Map<number, ReplayedEntry>();
  const started = new Set<number>();
  for (const row of rows) {
    if (row.entryId === null) continue;
    if (row.field === LEDGER_CREATED && row.new !== null) {
      started.add(row.entryId);
      entries.set(row.entryId, entryFrom(row.new));
    } else if (!started.has(row.entryId)) {
      continue;
    } else if (row.field === LEDGER_DELETED) {
      entries.delete(row.entryId);
    } else if (row.field === 'amount' || row.field === 'source' || row.field === 'date') {
      const entry = entries.get(row.entryId) ?? { amount: null, source: null, date: null };
      entry[row.field] = row.new;
      entries.set(row.entryId, entry);
    }
  }
  let total = 0n;
  const bySource = new Map<string, bigint>();
  const byMonth = new Map<string, bigint>();
  let count = 0;
  for (const entry of entries.values()) {
    if (entry.amount === null || entry.source === null || entry.date === null) continue;
    const cents = centsOfDecimal(entry.amount);
    const month = new Date(entry.date).toISOString().slice(0, 7);
    total += cents;
    bySource.set(entry.source, (bySource.get(entry.source) ?? 0n) + cents);
    byMonth.set(month, (byMonth.get(month) ?? 0n) + cents);
    count += 1;
  }
  const decimals = (sums: Map<string, bigint>) =>
    Object.fromEntries(
      [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([key, cents]) => [key, decimalOfCents(cents)]),
    );
  return {
    total: decimalOfCents(total),
    bySource: decimals(bySource),
    byMonth: decimals(byMonth),
    entries: count,
  };
}
