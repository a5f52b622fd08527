import { describe, expect, it } from 'vitest';
import {
  checkLedgerChain,
  LEDGER_GENESIS_HASH,
  ledgerCommitment,
  ledgerHashInput,
  ledgerRevenueIsPublic,
  ledgerRowIsPublic,
  replayLedger,
  type LedgerEntity,
  type PublishedLedgerRow,
} from '../src/ledger-chain';
import { EXACT_PRIVACY, type PrivacySettings } from '../src/privacy';

// docs/decisions/084-ledger-commitments.md: commitments in the chain, values beside them when public.

/** Web Crypto, as a visitor's browser hashes. */
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
const secretOf = (id: number) => `${id}`.padStart(64, 'a');
const entry = (amount: string) =>
  JSON.stringify({ amount, source: 'ai', description: 'Sale', date: '2025-02-01T00:00:00.000Z' });

/** A chain as the server writes it, every row public, from [entity, entryId, field, old, new] tuples. */
async function chain(
  rows: [LedgerEntity, number | null, string, string | null, string | null][],
): Promise<PublishedLedgerRow[]> {
  let prevHash = LEDGER_GENESIS_HASH;
  const chained: PublishedLedgerRow[] = [];
  for (const [index, [entity, entryId, field, old, value]] of rows.entries()) {
    const id = index + 1;
    const secret = secretOf(id);
    const hashed = {
      id,
      entity,
      entryId,
      time: '2025-02-01T00:00:00.000Z',
      field,
      oldCommitment: await ledgerCommitment(old, secret, sha256),
      newCommitment: await ledgerCommitment(value, secret, sha256),
      reason: null,
      prevHash,
    };
    const hash = await sha256(ledgerHashInput(hashed));
    chained.push({ ...hashed, old, new: value, secret, revealedAt: null, hash });
    prevHash = hash;
  }
  return chained;
}

const rows = await chain([
  ['revenue', 1, 'created', null, entry('10.00')],
  ['revenue', 1, 'amount', '10.00', '12.50'],
  ['cost', 7, 'created', null, entry('99.00')],
  ['revenue', null, 'import', 'import #3: 0 entries, 0.00', null],
]);
const withheld = (row: PublishedLedgerRow) => ({ ...row, old: null, new: null, secret: null });

describe('a commitment', () => {
  it('is the SHA-256 of the JSON array of the value and the secret, and null for no value', async () => {
    expect(await ledgerCommitment('12.50', 'ab', sha256)).toBe(await sha256('["12.50","ab"]'));
    expect(await ledgerCommitment(null, 'ab', sha256)).toBeNull();
  });
});

describe('the chain', () => {
  it('hashes the entity and the commitments, not the values', () => {
    expect(JSON.parse(ledgerHashInput(rows[1]!))).toEqual([
      2,
      'revenue',
      1,
      '2025-02-01T00:00:00.000Z',
      'amount',
      rows[1]!.oldCommitment,
      rows[1]!.newCommitment,
      null,
      rows[0]!.hash,
    ]);
  });

  it('verifies with every row public, with every row private, and with both mixed', async () => {
    const intact = { intact: true, rows: 4, head: rows[3]!.hash };
    expect(await checkLedgerChain(rows, sha256)).toEqual(intact);
    expect(await checkLedgerChain(rows.map(withheld), sha256)).toEqual(intact);
    expect(await checkLedgerChain([rows[0]!, withheld(rows[1]!), ...rows.slice(2)], sha256)).toEqual(intact);
  });

  it('breaks at a row whose values or secret do not open its commitments', async () => {
    const broken = {
      intact: false,
      rows: 4,
      brokenAt: 2,
      problem: 'its values do not match its commitments',
    };
    for (const changed of [{ new: '1012.50' }, { old: null }, { secret: secretOf(9) }]) {
      const altered = rows.map((row) => (row.id === 2 ? { ...row, ...changed } : row));
      expect(await checkLedgerChain(altered, sha256)).toEqual(broken);
    }
    const recommitted = rows.map((row) => (row.id === 2 ? { ...row, newCommitment: '1'.repeat(64) } : row));
    expect(await checkLedgerChain(recommitted, sha256)).toMatchObject({
      brokenAt: 2,
      problem: 'its hash does not match its contents',
    });
  });

  it('replays the revenue rows alone, and says when their values are all public', () => {
    expect(replayLedger(rows)).toMatchObject({ total: '12.50', entries: 1 });
    expect(ledgerRevenueIsPublic(rows)).toBe(true);
    expect(ledgerRevenueIsPublic(rows.map((row) => (row.entity === 'cost' ? withheld(row) : row)))).toBe(
      true,
    );
    expect(ledgerRevenueIsPublic([withheld(rows[0]!), ...rows.slice(1)])).toBe(false);
  });
});

describe('which rows are public', () => {
  const privacy = (changes: Partial<PrivacySettings>): PrivacySettings => ({ ...EXACT_PRIVACY, ...changes });

  it('shows a revenue row when the total, each source and each month are exact, a cost when experiments and the total are', () => {
    const cases: [Partial<PrivacySettings>, boolean, boolean][] = [
      [{}, true, true],
      // The experiments' figures are never more exact than the total (decision 083).
      [{ total: 'range' }, false, false],
      [{ bySource: 'hidden' }, false, true],
      [{ monthly: 'range' }, false, true],
      // Recurring revenue is built from billed periods, which the ledger does not carry.
      [{ mrr: 'hidden' }, true, true],
      [{ experiments: 'range' }, true, false],
    ];
    for (const [changes, revenue, cost] of cases) {
      expect(ledgerRowIsPublic({ entity: 'revenue', revealed: false }, privacy(changes)), 'revenue').toBe(
        revenue,
      );
      expect(ledgerRowIsPublic({ entity: 'cost', revealed: false }, privacy(changes)), 'cost').toBe(cost);
    }
  });

  it('shows a revealed row whatever the settings say', () => {
    const hidden = privacy({ total: 'hidden', bySource: 'hidden', monthly: 'hidden', experiments: 'hidden' });
    expect(ledgerRowIsPublic({ entity: 'revenue', revealed: true }, hidden)).toBe(true);
    expect(ledgerRowIsPublic({ entity: 'cost', revealed: true }, hidden)).toBe(true);
  });
});
