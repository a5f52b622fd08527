import { createHash } from 'node:crypto';
import {
  checkLedgerChain,
  type CostChange,
  type PrivacySettings,
  type PublicLedger,
  type PublishedLedgerRow,
} from '@journey/contracts';
import { schema } from '@journey/db';
import { describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

// docs/decisions/084-ledger-commitments.md, "Costs in the ledger": a cost's writes are published in the
// one chain, with history and undo over REST as a revenue entry's.

const admin = useAdminServer();
const anonymous = (method: 'GET' | 'POST' | 'DELETE', url: string) => call(admin.server.app, method, url);

const URL = '/api/admin/costs';
const cost = { amount: '42.50', date: '2025-01-15', category: 'hosting', description: 'Arena server' };

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const ledger = async (): Promise<PublicLedger> => (await anonymous('GET', '/api/public/ledger.json')).json();
const costRows = async (id: number): Promise<PublishedLedgerRow[]> =>
  (await ledger()).rows.filter((row) => row.entity === 'cost' && row.entryId === id);
const history = async (id: number): Promise<CostChange[]> =>
  (await admin.call('GET', `${URL}/${id}/history`)).json().changes;

async function setPrivacy(privacy: Partial<PrivacySettings>) {
  const settings = (await admin.call('GET', '/api/settings')).json();
  const saved = await admin.call('PUT', '/api/admin/settings', {
    ...settings,
    privacy: { ...settings.privacy, ...privacy },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function create(description: string): Promise<{ id: number }> {
  return (await admin.create(URL, { ...cost, description })).json();
}

describe('costs in the ledger', () => {
  it('publishes a creation and each edited field at once, and the chain verifies', async () => {
    const corrections = (await ledger()).corrections;
    const created = await create('Published cost');
    // Read right after the write: the public cache was dropped by it, not by a later notification.
    expect((await costRows(created.id)).map((row) => row.field)).toEqual(['created']);
    const edited = await admin.call('PUT', `${URL}/${created.id}`, {
      ...cost,
      description: 'Published cost',
      amount: '50',
      category: 'tools',
      reason: 'Invoice corrected',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const rows = await costRows(created.id);
    expect(rows.map((row) => [row.field, row.old, row.new, row.reason])).toEqual([
      ['created', null, expect.stringContaining('"amount":"42.50"'), null],
      ['amount', '42.50', '50.00', 'Invoice corrected'],
      ['category', 'hosting', 'tools', 'Invoice corrected'],
    ]);
    expect(JSON.parse(rows[0]!.new!)).toEqual({
      amount: '42.50',
      date: '2025-01-15T00:00:00.000Z',
      category: 'hosting',
      description: 'Published cost',
      experiment: null,
      provenance: 'manual',
      format: null,
      externalId: null,
    });
    const published = await ledger();
    expect(await checkLedgerChain(published.rows, sha256)).toMatchObject({ intact: true });
    // A cost's edit is not a correction of the revenue.
    expect(published.corrections).toBe(corrections);
  });

  it('lists a cost’s changes and undoes the last one, which is published too', async () => {
    const created = await create('Undo over REST');
    await admin.call('PUT', `${URL}/${created.id}`, { ...cost, description: 'Undo over REST!' });
    const undo = await admin.call('POST', `${URL}/${created.id}/undo`, { reason: 'Was right' });
    expect(undo.statusCode, undo.body).toBe(200);
    const changes = await history(created.id);
    expect(changes.map((change) => change.action)).toEqual(['update', 'update', 'create']);
    expect(changes[0]).toMatchObject({
      costId: created.id,
      undoOf: changes[1]!.id,
      reason: 'Was right',
      after: { description: 'Undo over REST', amount: '42.50', category: 'hosting' },
    });
    expect(undo.json()).toEqual(changes[0]);
    expect((await costRows(created.id)).at(-1)).toMatchObject({
      field: 'description',
      old: 'Undo over REST!',
      new: 'Undo over REST',
      reason: 'Was right',
    });
  });

  it('lists the costs deleted by hand until one is restored with its id', async () => {
    const gone = await create('Deleted, then restored');
    const reason = encodeURIComponent('Entered twice');
    expect((await admin.call('DELETE', `${URL}/${gone.id}?reason=${reason}`)).statusCode).toBe(204);
    const deleted = async () => (await admin.call('GET', `${URL}/deleted`)).json();
    expect((await deleted())[0]).toEqual({
      id: gone.id,
      amount: '42.50',
      date: '2025-01-15T00:00:00.000Z',
      category: 'hosting',
      description: 'Deleted, then restored',
      experimentId: null,
      deletedAt: expect.any(String),
      reason: 'Entered twice',
    });
    expect((await costRows(gone.id)).at(-1)).toMatchObject({ field: 'deleted', reason: 'Entered twice' });
    expect((await admin.call('POST', `${URL}/${gone.id}/undo`)).statusCode).toBe(200);
    expect((await deleted()).map((row: { id: number }) => row.id)).not.toContain(gone.id);
    const list = (await admin.call('GET', URL)).json();
    expect(list.find((row: { id: number }) => row.id === gone.id)).toMatchObject({ amount: '42.50' });
    expect((await costRows(gone.id)).at(-1)).toMatchObject({ field: 'created', old: null });
  });

  it('answers 404 for an unknown cost, 409 when there is nothing to undo, 401 without a session', async () => {
    expect((await admin.call('GET', `${URL}/999999/history`)).json()).toEqual({ message: 'Cost not found' });
    expect((await admin.call('POST', `${URL}/999999/undo`)).statusCode).toBe(404);
    // A cost written straight into the table has no recorded change (until the next start-up).
    const [row] = await admin.server.db
      .insert(schema.costs)
      .values({ amount: '1.00', date: new Date('2025-01-01'), category: 'other', description: 'Older' })
      .returning();
    const none = await admin.call('POST', `${URL}/${row!.id}/undo`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This cost has no recorded change to undo.');
    for (const url of [`${URL}/deleted`, `${URL}/1/history`])
      expect((await anonymous('GET', url)).statusCode).toBe(401);
    expect((await anonymous('POST', `${URL}/1/undo`)).statusCode).toBe(401);
  });

  it('withholds the values of cost rows while the experiments’ figures are private', async () => {
    const created = await create('A private cost');
    await setPrivacy({ experiments: 'range' });
    try {
      const { rows } = await ledger();
      const mine = rows.filter((row) => row.entity === 'cost' && row.entryId === created.id);
      expect(mine.map((row) => [row.field, row.old, row.new, row.secret])).toEqual([
        ['created', null, null, null],
      ]);
      expect(mine[0]!.newCommitment).toMatch(/^[0-9a-f]{64}$/);
      // The revenue rows stay public, and the chain verifies by the commitments.
      expect(rows.filter((row) => row.entity === 'revenue').every((row) => row.secret !== null)).toBe(true);
      expect(await checkLedgerChain(rows, sha256)).toMatchObject({ intact: true });
      const csv = (await anonymous('GET', '/api/public/ledger.csv')).body;
      expect(csv).not.toContain('A private cost');
    } finally {
      await setPrivacy({ experiments: 'exact' });
    }
  });

  it('lists the history routes in the OpenAPI document', async () => {
    const { paths } = (await anonymous('GET', '/api/openapi.json')).json();
    expect(paths[`/admin/costs/{id}/history`]).toHaveProperty('get');
    expect(paths[`/admin/costs/{id}/undo`]).toHaveProperty('post');
    expect(paths[`/admin/costs/deleted`]).toHaveProperty('get');
  });
});
