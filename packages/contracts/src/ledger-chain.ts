import type { PrivacySettings } from './privacy';

/**
 * The public ledger's rules, shared by the server that writes it and the `/ledger` page that checks it
 * in the visitor's browser (docs/decisions/079-ledger-of-every-write.md, 084-ledger-commitments.md):
 * how a value is committed to, how a row is hashed, which rows show their values, how the chain is
 * checked, and how the totals are recomputed from the rows alone.
 */

/** What a row is about: a revenue entry (or a whole revenue import), or a cost (decision 082). */
export const LEDGER_ENTITIES = ['revenue', 'cost'] as const;
export type LedgerEntity = (typeof LEDGER_ENTITIES)[number];

/**
 * A row as `ledger.json` publishes it (docs/decisions/084-ledger-commitments.md): the chain hashes the
 * commitments, so a row whose figure the owner keeps private publishes them alone (`old`, `new` and
 * `secret` null) and still verifies; a public row adds its values and its secret, which open them.
 */
export interface PublishedLedgerRow {
  id: number;
  entity: LedgerEntity;
  /** The revenue entry or the cost; null for a row about a whole import. */
  entryId: number | null;
  time: string;
  field: string;
  /** `ledgerCommitment` of `old` with the row's secret; null when `old` is null. */
  oldCommitment: string | null;
  newCommitment: string | null;
  /** The values and the secret: null while the owner keeps the row private. */
  old: string | null;
  new: string | null;
  secret: string | null;
  reason: string | null;
  /** When the owner published the values of a row whose figure is private; null if never. Not hashed. */
  revealedAt: string | null;
  prevHash: string;
  hash: string;
}

/** What a row's hash covers: everything but its values and its secret, which its commitments stand for. */
export type LedgerHashedRow = Omit<PublishedLedgerRow, 'old' | 'new' | 'secret' | 'revealedAt' | 'hash'>;

/** The `prevHash` of the first row. */
export const LEDGER_GENESIS_HASH = '0'.repeat(64);

/**
 * The `field` of a row publishing an entry's creation or deletion; its `new` (a creation) or `old`
 * (a deletion) is the entry as JSON (`LedgerEntryValues`). An edit publishes one row per changed
 * field instead, named after the field.
 */
export const LEDGER_CREATED = 'created';
export const LEDGER_DELETED = 'deleted';
/** The field of a row about a whole import undone (no entry named): of revenue, or of costs. */
export const LEDGER_IMPORT = 'import';
export const LEDGER_COST_IMPORT = 'cost-import';

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

/** SHA-256 as lowercase hex: Node's crypto on the server, Web Crypto in a visitor's browser. */
export type Sha256 = (text: string) => string | Promise<string>;

/** What a value's commitment is the SHA-256 (lowercase hex) of: the value and the row's secret. */
export function ledgerCommitmentInput(value: string, secret: string): string {
  return JSON.stringify([value, secret]);
}

/** The commitment to `value` under `secret`: null for a null value, as nothing is committed to. */
export async function ledgerCommitment(
  value: string | null,
  secret: string,
  sha256: Sha256,
): Promise<string | null> {
  return value === null ? null : sha256(ledgerCommitmentInput(value, secret));
}

/** What a row's hash is the SHA-256 (lowercase hex) of: its id, what it is about, its commitments and the previous hash. */
export function ledgerHashInput(row: LedgerHashedRow): string {
  return JSON.stringify([
    row.id,
    row.entity,
    row.entryId,
    row.time,
    row.field,
    row.oldCommitment,
    row.newCommitment,
    row.reason,
    row.prevHash,
  ]);
}

/**
 * Whether a row's values are published: a revenue row's amount feeds the total, each source's and each
 * month's figure, so all three must be exact; a cost's feeds the experiments' figures, exact only under
 * an exact total. A row the owner revealed is public whatever the settings say.
 */
export function ledgerRowIsPublic(
  row: { entity: LedgerEntity; revealed: boolean },
  privacy: Pick<PrivacySettings, 'total' | 'bySource' | 'monthly' | 'experiments'>,
): boolean {
  if (row.revealed) return true;
  // The experiments' figures are never shown more exactly than the total (effectivePrivacy).
  if (row.entity === 'cost') return privacy.experiments === 'exact' && privacy.total === 'exact';
  return privacy.total === 'exact' && privacy.bySource === 'exact' && privacy.monthly === 'exact';
}

/** Whether every revenue row carries its values, so the totals can be replayed from the rows. */
export function ledgerRevenueIsPublic(rows: readonly PublishedLedgerRow[]): boolean {
  return rows.every((row) => row.entity !== 'revenue' || row.secret !== null);
}

/** Explained beside the rows, so anyone can recompute `hash` and the commitments without this code. */
export const LEDGER_ALGORITHM =
  'Each row has a secret of 64 hex characters. commitment(value) = lowercase hex SHA-256 of the UTF-8 JSON ' +
  'array [value, secret] (null for a null value). hash = lowercase hex SHA-256 of the UTF-8 JSON array ' +
  '[id, entity, entryId, time, field, oldCommitment, newCommitment, reason, prevHash] (JSON.stringify, no ' +
  'spaces; entity "revenue" or "cost"; time as ISO 8601 UTC with milliseconds; prevHash is the previous ' +
  'row’s hash, 64 zeros for the first row). A public row also carries old, new and secret, from which ' +
  'anyone recomputes both commitments; a row whose figure the owner keeps private carries only its ' +
  'commitments (old, new and secret null), so the chain still verifies, and the owner can reveal it later. ' +
  'A "created" row’s new and a "deleted" row’s old hold the entry as JSON; an edit is one row per changed ' +
  'field. Totals, when every revenue row is public: replay the revenue rows in order, starting an entry at ' +
  'its "created" row, and sum the amounts of the entries that remain.';

export type LedgerChainCheck =
  | { intact: true; rows: number; head: string | null }
  | { intact: false; rows: number; brokenAt: number; problem: string };

/** Whether a public row's values and secret give its commitments; true for a private row, which shows none. */
export async function ledgerRowOpens(row: PublishedLedgerRow, sha256: Sha256): Promise<boolean> {
  if (row.secret === null) return true;
  const [old, next] = await Promise.all([
    ledgerCommitment(row.old, row.secret, sha256),
    ledgerCommitment(row.new, row.secret, sha256),
  ]);
  return old === row.oldCommitment && next === row.newCommitment;
}

/** The problem of a row whose values do not give its commitments, as a check names it. */
export const LEDGER_VALUES_MISMATCH = 'its values do not match its commitments';

/**
 * Checks every link and hash in order, and that each public row's values give its commitments (a
 * changed value breaks the chain there, as a changed hash would).
 */
export async function checkLedgerChain(
  rows: readonly PublishedLedgerRow[],
  sha256: Sha256,
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
            : !(await ledgerRowOpens(row, sha256))
              ? LEDGER_VALUES_MISMATCH
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
 * a "deleted" row or an amount set to nothing removes it. Rows about costs, and a private row's missing
 * values, count for nothing: replay only a ledger whose revenue rows are public (`ledgerRevenueIsPublic`).
 */
export function replayLedger(rows: readonly PublishedLedgerRow[]): LedgerTotals {
  const entries = new Map<number, ReplayedEntry>();
  const started = new Set<number>();
  for (const row of rows) {
    if (row.entity !== 'revenue' || row.entryId === null) continue;
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
