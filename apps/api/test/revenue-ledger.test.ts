import { createHash } from 'node:crypto';
import { replayLedger, type PublishedLedgerRow } from '@journey/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

const admin = useAdminServer();
const anonymous = (method: 'GET' | 'POST', url: string) => call(admin.server.app, method, url);

const entry = { amount: '1250.50', source: 'ai', description: 'Ledger client', date: '2024-03-15' };

type LedgerRow = PublishedLedgerRow;
interface Ledger {
  rows: LedgerRow[];
  corrections: number;
  algorithm: string;
}

const ledger = async (): Promise<Ledger> => (await anonymous('GET', '/api/public/ledger.json')).json();

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The published algorithm, done here from the JSON alone: a value's commitment is the SHA-256 (hex) of
 * the JSON array [value, secret], a row's hash that of [id, entity, entryId, time, field, oldCommitment,
 * newCommitment, reason, prevHash], chained from 64 zeros; a row with its secret must open both
 * commitments. The first row that fails, or null.
 */
function firstBrokenRow(rows: readonly LedgerRow[]): number | null {
  let prevHash = '0'.repeat(64);
  const commitment = (value: string | null, secret: string) =>
    value === null ? null : sha256(JSON.stringify([value, secret]));
  for (const row of rows) {
    const fields = [
      row.id,
      row.entity,
      row.entryId,
      row.time,
      row.field,
      row.oldCommitment,
      row.newCommitment,
      row.reason,
      prevHash,
    ];
    const opens =
      row.secret === null ||
      (commitment(row.old, row.secret) === row.oldCommitment &&
        commitment(row.new, row.secret) === row.newCommitment);
    if (row.prevHash !== prevHash || row.hash !== sha256(JSON.stringify(fields)) || !opens) return row.id;
    prevHash = row.hash;
  }
  return null;
}

/** RFC 4180 as `csv-stringify` writes it: quoted fields with doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      record.push(field);
      field = '';
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      i++;
    } else {
      field += char;
    }
  }
  return records;
}

const create = async (description: string) => {
  const response = await admin.call('POST', '/api/revenue', { ...entry, description });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
};

/** The entry as its created or deleted row carries it. */
const asJson = (description: string, amount = '1250.50') =>
  JSON.stringify({
    amount,
    source: 'ai',
    description,
    date: '2024-03-15T00:00:00.000Z',
    provenance: 'manual',
    provider: null,
    externalId: null,
    currency: 'USD',
    originalAmount: amount,
  });

describe('the public ledger', () => {
  it('starts empty, with its algorithm; a creation, even dated in the past, is a row that moves the head', async () => {
    expect(await ledger()).toEqual({
      rows: [],
      corrections: 0,
      algorithm: expect.stringContaining('SHA-256'),
    });
    const created = await create('Created only');
    const { rows, corrections } = await ledger();
    expect(rows.map((row) => [row.entryId, row.field, row.old, row.new, row.reason])).toEqual([
      [created.id, 'created', null, asJson('Created only'), null],
    ]);
    // A creation is not a correction: the tracker's count stays.
    expect(corrections).toBe(0);
    expect((await anonymous('GET', '/api/revenue/corrections')).json()).toEqual({ corrections: 0 });
    const verification = (await anonymous('GET', '/api/public/verification.json')).json();
    expect(verification.ledger).toEqual({ rows: 1, head: rows[0]!.hash });

    // What an outside test did: $50,000 added to a past January. The ledger's count and head move.
    const january = await admin.call('POST', '/api/revenue', {
      ...entry,
      amount: '50000',
      date: '2024-01-10',
    });
    const after = (await anonymous('GET', '/api/public/verification.json')).json();
    expect(after.ledger.rows).toBe(2);
    expect(after.ledger.head).not.toBe(rows[0]!.hash);
    await admin.call('DELETE', `/api/admin/revenue/${january.json().id}`);
  });

  it('publishes an edit and a delete made over REST with their reasons, and the chain recomputes', async () => {
    const from = (await ledger()).rows.length;
    const corrected = (await ledger()).corrections;
    const edited = await create('Edited over REST');
    const deleted = await create('Deleted over REST');
    const reason = 'Client refunded "half", see ticket #12, line\nbreak';
    const edit = await admin.call('PUT', `/api/admin/revenue/${edited.id}`, {
      ...entry,
      description: 'Edited over REST',
      amount: '625.25',
      reason: `  ${reason}  `,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const removal = await admin.call(
      'DELETE',
      `/api/admin/revenue/${deleted.id}?reason=${encodeURIComponent('Entered twice')}`,
    );
    expect(removal.statusCode, removal.body).toBe(204);

    const { rows, corrections } = await ledger();
    expect(corrections).toBe(corrected + 2);
    expect(rows.slice(from).map((row) => [row.entryId, row.field, row.old, row.new, row.reason])).toEqual([
      [edited.id, 'created', null, asJson('Edited over REST'), null],
      [deleted.id, 'created', null, asJson('Deleted over REST'), null],
      [edited.id, 'amount', '1250.50', '625.25', reason],
      [deleted.id, 'deleted', asJson('Deleted over REST'), null, 'Entered twice'],
    ]);
    expect(rows[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(firstBrokenRow(rows)).toBeNull();
    expect((await anonymous('GET', '/api/revenue/corrections')).json()).toEqual({
      corrections: corrected + 2,
    });
  });

  it('gives a visitor the published totals from its rows alone', async () => {
    const { rows } = await ledger();
    const replayed = replayLedger(rows);
    const summary = (await anonymous('GET', '/api/public/summary.json')).json();
    expect(replayed.total).toBe(summary.totalRevenue);
    expect(replayed.bySource).toMatchObject(
      Object.fromEntries(Object.entries(summary.bySource).filter(([, amount]) => amount !== '0.00')),
    );
  });

  it('serves the same rows as CSV, with the open-data headers', async () => {
    const [json, csv] = await Promise.all([ledger(), anonymous('GET', '/api/public/ledger.csv')]);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['access-control-allow-origin']).toBe('*');
    expect(csv.headers.etag).toBeTruthy();
    const [header, ...records] = parseCsv(csv.body);
    expect(header).toEqual([
      'id',
      'entity',
      'entry_id',
      'time',
      'field',
      'old_commitment',
      'new_commitment',
      'old',
      'new',
      'secret',
      'reason',
      'revealed_at',
      'prev_hash',
      'hash',
    ]);
    // The JSON's keys, in the header's order.
    const keys = header!.map((column) =>
      column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase()),
    ) as (keyof LedgerRow)[];
    expect(records).toEqual(
      json.rows.map((row) => keys.map((key) => (row[key] === null ? '' : String(row[key])))),
    );
    const etag = String(csv.headers.etag);
    const again = await admin.server.app.inject({
      method: 'GET',
      url: '/api/public/ledger.csv',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('fails the recomputation once a row is altered in the database', async () => {
    const { rows } = await ledger();
    const target = rows.find((row) => row.field === 'amount')!;
    // A raw rewrite, as someone with database access would do it; the public cache hears it (NOTIFY).
    await admin.server.db.execute(
      sql`update revenue_ledger set new_value = '99999.00' where id = ${target.id}`,
    );
    await expect.poll(async () => firstBrokenRow((await ledger()).rows)).toBe(target.id);
    await admin.server.db.execute(
      sql`update revenue_ledger set new_value = ${target.new} where id = ${target.id}`,
    );
    await expect.poll(async () => firstBrokenRow((await ledger()).rows)).toBeNull();
  });
});

describe('history and undo', () => {
  it('lists an entry’s changes and undoes the last one, which is published too', async () => {
    const created = await create('Undo over REST');
    await admin.call('PUT', `/api/admin/revenue/${created.id}`, { ...entry, description: 'Undo over REST!' });
    const undo = await admin.call('POST', `/api/admin/revenue/${created.id}/undo`, { reason: 'Was right' });
    expect(undo.statusCode, undo.body).toBe(200);
    const history = await admin.call('GET', `/api/admin/revenue/${created.id}/history`);
    expect(history.statusCode).toBe(200);
    const { changes } = history.json();
    expect(changes.map((change: { action: string }) => change.action)).toEqual([
      'update',
      'update',
      'create',
    ]);
    expect(changes[0]).toMatchObject({
      undoOf: changes[1].id,
      reason: 'Was right',
      after: { description: 'Undo over REST' },
    });
    expect(undo.json()).toEqual(changes[0]);
    const list = (await admin.call('GET', '/api/revenues/all')).json();
    expect(list.find((row: { id: number }) => row.id === created.id).description).toBe('Undo over REST');
    const { rows } = await ledger();
    expect(rows.at(-1)).toMatchObject({ entryId: created.id, field: 'description', new: 'Undo over REST' });
    expect(firstBrokenRow(rows)).toBeNull();

    // Undo of a creation deletes the entry; its history stays readable.
    const fresh = await create('Undo a creation');
    expect((await admin.call('POST', `/api/admin/revenue/${fresh.id}/undo`)).statusCode).toBe(200);
    const after = (await admin.call('GET', `/api/admin/revenue/${fresh.id}/history`)).json();
    expect(after.changes[0]).toMatchObject({
      action: 'delete',
      after: null,
      reason: `Undo of change #${after.changes[1].id}`,
    });
  });

  it('lists the entries deleted by hand, with their last values and reason, until one is restored', async () => {
    const gone = await create('Deleted, then restored');
    const reason = encodeURIComponent('Entered twice');
    expect((await admin.call('DELETE', `/api/admin/revenue/${gone.id}?reason=${reason}`)).statusCode).toBe(
      204,
    );
    const deleted = async () => (await admin.call('GET', '/api/admin/revenue/deleted')).json();
    expect((await deleted())[0]).toEqual({
      ...entry,
      id: gone.id,
      description: 'Deleted, then restored',
      date: '2024-03-15T00:00:00.000Z',
      deletedAt: expect.any(String),
      reason: 'Entered twice',
    });
    expect((await admin.call('POST', `/api/admin/revenue/${gone.id}/undo`)).statusCode).toBe(200);
    expect((await deleted()).map((row: { id: number }) => row.id)).not.toContain(gone.id);
    const list = (await admin.call('GET', '/api/revenues/all')).json();
    expect(list.find((row: { id: number }) => row.id === gone.id)).toMatchObject({ amount: '1250.50' });
    expect((await anonymous('GET', '/api/admin/revenue/deleted')).statusCode).toBe(401);
  });

  it('answers 404 for an unknown entry and 409 when there is nothing to undo', async () => {
    expect((await admin.call('GET', '/api/admin/revenue/999999/history')).json()).toEqual({
      message: 'Revenue entry not found',
    });
    expect((await admin.call('POST', '/api/admin/revenue/999999/undo')).statusCode).toBe(404);
    // An entry written before the history existed has no recorded change.
    await admin.server.db.execute(
      sql`insert into revenues (id, amount, source, description) values (500000, 1, 'ai', 'Older entry')`,
    );
    const none = await admin.call('POST', '/api/admin/revenue/500000/undo');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This revenue entry has no recorded change to undo.');
    expect((await admin.call('GET', '/api/admin/revenue/500000/history')).json()).toEqual({ changes: [] });
  });

  it('answers a delete and an undo of one entry at once in turn, never with a 500', async () => {
    for (let round = 0; round < 20; round += 1) {
      const created = (await admin.call('POST', '/api/revenue', entry)).json();
      const [removed, undone] = await Promise.all([
        admin.call('DELETE', `/api/admin/revenue/${created.id}`),
        admin.call('POST', `/api/admin/revenue/${created.id}/undo`),
      ]);
      // Each one either happened, or was refused as a conflict with the other, with the one error body.
      expect([204, 404, 409], removed.body).toContain(removed.statusCode);
      expect([200, 409], undone.body).toContain(undone.statusCode);
      for (const answer of [removed, undone])
        if (answer.statusCode >= 400) expect(answer.json()).toEqual({ message: expect.any(String) });
    }
    // The ledger still adds up after every interleaving.
    const { rows } = await ledger();
    expect(firstBrokenRow(rows)).toBeNull();
  });

  it('needs a session', async () => {
    expect((await anonymous('GET', '/api/admin/revenue/1/history')).statusCode).toBe(401);
    expect((await anonymous('POST', '/api/admin/revenue/1/undo')).statusCode).toBe(401);
  });

  it('refuses a reason over 500 characters with a 400 on the field, changing nothing', async () => {
    const created = await create('Long reason');
    const long = 'x'.repeat(501);
    const edit = await admin.call('PUT', `/api/admin/revenue/${created.id}`, { ...entry, reason: long });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors.reason).toBe('Reason must be at most 500 characters.');
    const removal = await admin.call('DELETE', `/api/admin/revenue/${created.id}?reason=${long}`);
    expect(removal.statusCode).toBe(400);
    const undo = await admin.call('POST', `/api/admin/revenue/${created.id}/undo`, { reason: long });
    expect(undo.statusCode).toBe(400);
    const history = (await admin.call('GET', `/api/admin/revenue/${created.id}/history`)).json();
    expect(history.changes).toHaveLength(1);
  });

  it('lists the new paths in the OpenAPI document', async () => {
    const { paths } = (await anonymous('GET', '/api/openapi.json')).json();
    expect(paths['/admin/revenue/{id}/history']).toHaveProperty('get');
    expect(paths['/admin/revenue/{id}/undo']).toHaveProperty('post');
    expect(paths['/revenue/corrections']).toHaveProperty('get');
    expect(paths['/public/ledger.json']).toHaveProperty('get');
    expect(paths['/public/ledger.csv']).toHaveProperty('get');
    const parameters = paths['/admin/revenue/{id}'].delete.parameters.map((p: { name: string }) => p.name);
    expect(parameters).toContain('reason');
  });
});
