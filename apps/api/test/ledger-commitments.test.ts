import { createHash } from 'node:crypto';
import {
  checkLedgerChain,
  type AdminLedgerPage,
  type PrivacySettings,
  type PublicLedger,
  type PublishedLedgerRow,
} from '@journey/contracts';
import { upgradeLedger } from '@journey/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

// docs/decisions/084-ledger-commitments.md: salted commitments in the chain, values only when public.

const admin = useAdminServer();
const anonymous = (method: 'GET' | 'POST', url: string) => call(admin.server.app, method, url);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const ledger = async (): Promise<PublicLedger> => (await anonymous('GET', '/api/public/ledger.json')).json();
const verifies = async (rows: readonly PublishedLedgerRow[]) => checkLedgerChain(rows, sha256);

async function setPrivacy(privacy: Partial<PrivacySettings>) {
  const settings = (await admin.call('GET', '/api/settings')).json();
  const saved = await admin.call('PUT', '/api/admin/settings', {
    ...settings,
    privacy: { ...settings.privacy, ...privacy },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** Every public answer that carries ledger rows or counts them, as text. */
async function publishedBodies(): Promise<string[]> {
  const answers = await Promise.all(
    ['/api/public/ledger.json', '/api/public/ledger.csv', '/api/revenue/corrections'].map((url) =>
      anonymous('GET', url),
    ),
  );
  for (const answer of answers) expect(answer.statusCode).toBe(200);
  return answers.map((answer) => answer.body);
}

/** Amounts with cents, so that no hash or id can hold one by chance, and descriptions. */
const AMOUNTS = ['4321.87', '1618.03', '2718.28'];
const DESCRIPTIONS = ['Kept quiet', 'Corrected quietly'];

describe('a ledger whose revenue is shown as a range', () => {
  const entries: { id: number }[] = [];

  it('publishes commitments but no amount, no description and no secret, and still verifies', async () => {
    await setPrivacy({ total: 'range' });
    for (const [index, description] of DESCRIPTIONS.entries()) {
      const response = await admin.create('/api/revenue', {
        amount: AMOUNTS[index],
        source: 'ai',
        description,
        date: `2025-04-0${index + 1}`,
      });
      entries.push(response.json() as { id: number });
    }
    const edit = await admin.call('PUT', `/api/admin/revenue/${entries[1]!.id}`, {
      amount: AMOUNTS[2],
      source: 'ai',
      description: DESCRIPTIONS[1],
      date: '2025-04-02',
      reason: 'Typo',
    });
    expect(edit.statusCode, edit.body).toBe(200);

    for (const body of await publishedBodies())
      for (const kept of [...AMOUNTS, ...DESCRIPTIONS]) expect(body).not.toContain(kept);
    const { rows, algorithm } = await ledger();
    expect(algorithm).toContain(
      '[id, entity, entryId, time, field, oldCommitment, newCommitment, reason, prevHash]',
    );
    expect(rows.map((row) => [row.entity, row.field, row.old, row.new, row.secret, row.reason])).toEqual([
      ['revenue', 'created', null, null, null, null],
      ['revenue', 'created', null, null, null, null],
      ['revenue', 'amount', null, null, null, 'Typo'],
    ]);
    for (const row of rows) {
      expect(row.newCommitment).toMatch(/^[0-9a-f]{64}$/);
      expect(row.oldCommitment).toEqual(
        row.field === 'created' ? null : expect.stringMatching(/^[0-9a-f]{64}$/),
      );
    }
    expect(await verifies(rows)).toEqual({ intact: true, rows: 3, head: rows[2]!.hash });
  });

  it('publishes a revealed row’s values and secret, which open its commitments, for good', async () => {
    const before = await ledger();
    const edit = before.rows.find((row) => row.field === 'amount')!;
    const revealed = await admin.call('POST', `/api/admin/ledger/${edit.id}/reveal`);
    expect(revealed.statusCode, revealed.body).toBe(200);
    const { revealedAt } = revealed.json();
    expect(revealed.json()).toEqual({ id: edit.id, revealedAt: expect.any(String) });

    const { rows } = await ledger();
    const shown = rows.find((row) => row.id === edit.id)!;
    expect(shown).toEqual({
      ...edit,
      old: AMOUNTS[1],
      new: AMOUNTS[2],
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      revealedAt,
    });
    expect(sha256(JSON.stringify([shown.old, shown.secret]))).toBe(shown.oldCommitment);
    expect(sha256(JSON.stringify([shown.new, shown.secret]))).toBe(shown.newCommitment);
    expect(rows.filter((row) => row.secret !== null)).toHaveLength(1);
    expect(await verifies(rows)).toMatchObject({ intact: true, head: before.rows.at(-1)!.hash });
    const [, csv] = await publishedBodies();
    expect(csv).toContain(`,${AMOUNTS[1]},${AMOUNTS[2]},${shown.secret},Typo,${revealedAt},`);
    expect(csv).not.toContain(AMOUNTS[0]);

    // Again: nothing changes. An unknown row is a 404; a visitor may not reveal.
    expect((await admin.call('POST', `/api/admin/ledger/${edit.id}/reveal`)).json()).toEqual({
      id: edit.id,
      revealedAt,
    });
    const unknown = await admin.call('POST', '/api/admin/ledger/999999/reveal');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Ledger row not found' });
    expect((await anonymous('POST', `/api/admin/ledger/${before.rows[0]!.id}/reveal`)).statusCode).toBe(401);
    expect((await ledger()).rows.filter((row) => row.secret !== null)).toHaveLength(1);
  });

  it('shows the admin every row with its values, and which ones the public sees', async () => {
    const input = encodeURIComponent(JSON.stringify({ page: 1 }));
    const answer = await admin.call('GET', `/api/trpc/ledger.page?input=${input}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const page = answer.json().result.data as AdminLedgerPage;
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => [row.field, row.new, row.public, row.revealedAt !== null])).toEqual([
      ['amount', AMOUNTS[2], true, true],
      ['created', expect.stringContaining(DESCRIPTIONS[1]!), false, false],
      ['created', expect.stringContaining(DESCRIPTIONS[0]!), false, false],
    ]);
    expect((await anonymous('GET', `/api/trpc/ledger.page?input=${input}`)).statusCode).toBe(401);
  });

  it('publishes every value again once the revenue is exact, the caches rebuilt by the settings', async () => {
    await setPrivacy({ total: 'exact' });
    const { rows } = await ledger();
    expect(rows.every((row) => row.secret !== null)).toBe(true);
    expect(JSON.parse(rows[0]!.new!)).toMatchObject({ amount: AMOUNTS[0], description: DESCRIPTIONS[0] });
    expect(await verifies(rows)).toMatchObject({ intact: true, rows: 3 });
    // A cost is no revenue: its privacy does not hide the revenue rows.
    await setPrivacy({ experiments: 'hidden' });
    expect((await ledger()).rows.every((row) => row.secret !== null)).toBe(true);
    await setPrivacy({ experiments: 'exact' });
  });

  it('lists the reveal in the OpenAPI document', async () => {
    const { paths } = (await anonymous('GET', '/api/openapi.json')).json();
    expect(paths['/admin/ledger/{id}/reveal']).toHaveProperty('post');
  });
});

describe('the start-up upgrade', () => {
  /** Rows as servers before decision 084 wrote them, with SQL: no secret, their values hashed themselves. */
  async function appendOldRows(values: readonly [field: string, old: string | null, value: string | null][]) {
    const { rows } = await ledger();
    let prevHash = rows.at(-1)!.hash;
    const ids: number[] = [];
    for (const [index, [field, old, value]] of values.entries()) {
      const time = new Date(Date.UTC(2025, 5, 1 + index)).toISOString();
      const [next] = await admin.server.db.execute<{ id: number }>(
        sql`select nextval(pg_get_serial_sequence('revenue_ledger', 'id'))::int as id`,
      );
      const id = Number(next!.id);
      const hash = sha256(JSON.stringify([id, 500_001, time, field, old, value, null, prevHash]));
      await admin.server.db.execute(sql`
        insert into revenue_ledger (id, revenue_id, changed_at, field, old_value, new_value, prev_hash, hash)
        values (${id}, 500001, ${time}::timestamptz, ${field}, ${old}, ${value}, ${prevHash}, ${hash})`);
      ids.push(id);
      prevHash = hash;
    }
    return ids;
  }

  it('leaves a tampered older chain alone, and chains a sound one again with secrets', async () => {
    const before = (await ledger()).rows;
    const [, edited] = await appendOldRows([
      ['created', null, JSON.stringify({ amount: '10.00', source: 'ai' })],
      ['amount', '10.00', '11.00'],
    ]);
    // Someone with the database changes the older edit: the upgrade does not launder it.
    await admin.server.db.execute(
      sql`update revenue_ledger set new_value = '11000.00' where id = ${edited!}`,
    );
    expect((await upgradeLedger(admin.server.db)).rechained).toBe(0);
    const [, tampered] = await admin.server.db.execute<{ secret: string | null; new_value: string }>(
      sql`select secret, new_value from revenue_ledger where id >= ${edited! - 1} order by id`,
    );
    expect(tampered).toEqual({ secret: null, new_value: '11000.00' });

    await admin.server.db.execute(sql`update revenue_ledger set new_value = '11.00' where id = ${edited!}`);
    expect(await upgradeLedger(admin.server.db)).toMatchObject({ rechained: 2 });
    expect(await upgradeLedger(admin.server.db)).toMatchObject({ rechained: 0 });
    // The upgrade's writes reach the public cache as any other write does (NOTIFY).
    await expect.poll(async () => (await ledger()).rows.every((row) => row.secret !== null)).toBe(true);
    const { rows } = await ledger();
    // The rows before keep their hashes; the older ones have secrets and verify with the others.
    expect(rows.slice(0, before.length)).toEqual(before);
    expect(rows.slice(before.length).map((row) => [row.field, row.new, row.secret !== null])).toEqual([
      ['created', JSON.stringify({ amount: '10.00', source: 'ai' }), true],
      ['amount', '11.00', true],
    ]);
    expect(await verifies(rows)).toMatchObject({ intact: true, rows: before.length + 2 });
  });
});
