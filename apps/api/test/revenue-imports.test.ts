import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { IMPORT_PROVIDERS, type ImportProvider } from '@journey/contracts';
import { listLedger, schema } from '@journey/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

const admin = useAdminServer();
const URL = '/api/admin/revenue/imports';
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures', 'imports', `${name}.csv`), 'utf8');
const entries = () => admin.server.db.$count(schema.revenues);
const totalRevenue = async () =>
  (await call(admin.server.app, 'GET', '/api/revenue')).json().totalRevenue as string;
const cents = (amount: string) => Math.round(Number(amount) * 100);

const post = (provider: ImportProvider, csv: string, dryRun: boolean) =>
  admin.call('POST', URL, { provider, source: 'passive', csv, dryRun });

/** Each fixture, counted and summed by hand from its rows. */
const EXPECTED: Record<ImportProvider, { add: number; skipped: number; total: string }> = {
  // 120.00 + 250.00 + (99.99 − 20.00) + 1,234.50 + the EUR row at Stripe's converted 86.40; refunded and failed left out.
  stripe: { add: 5, skipped: 2, total: '1770.89' },
  // 11.99 + 49.00 + (100.00 − 25.00); refunded, failed and GBP (no ECB rate loaded) left out.
  'lemon-squeezy': { add: 3, skipped: 3, total: '135.99' },
  // 24.00 + 155.00 + 0.05; canceled, past due and EUR (no ECB rate loaded) left out.
  paddle: { add: 3, skipped: 3, total: '179.05' },
  // 25.00 + 9.99 + (100.00 − 30.00) + 15.00; fully refunded, charged back, free and the Totals row left out.
  gumroad: { add: 4, skipped: 4, total: '119.99' },
  // 1500.00 + 1250.50 + 42.00 + 0.99 + 300.00, one without an id.
  generic: { add: 5, skipped: 0, total: '3093.49' },
};

describe('revenue imports', () => {
  it('refuses imports, undos and the list without a session (401), storing nothing', async () => {
    const body = { provider: 'generic', source: 'ai', csv: fixture('generic'), dryRun: false };
    expect((await call(admin.server.app, 'POST', URL, body)).statusCode).toBe(401);
    expect((await call(admin.server.app, 'GET', URL)).statusCode).toBe(401);
    expect((await call(admin.server.app, 'DELETE', `${URL}/1`)).statusCode).toBe(401);
    expect(await entries()).toBe(0);
  });

  it.each(IMPORT_PROVIDERS)(
    'imports the %s fixture once: preview, import, duplicates, undo',
    async (provider) => {
      const expected = EXPECTED[provider];
      const csv = fixture(provider);
      const manual = await admin.call('POST', '/api/revenue', {
        amount: '10.00',
        source: 'ai',
        description: `Manual entry beside ${provider}`,
        date: '2024-01-01',
      });
      expect(manual.statusCode).toBe(201);
      const before = await totalRevenue();

      const preview = await post(provider, csv, true);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ ...expected, duplicate: 0, errors: [] });
      expect(preview.json().skippedReasons).toHaveLength(expected.skipped);
      expect(await totalRevenue()).toBe(before);

      const imported = await post(provider, csv, false);
      expect(imported.statusCode, imported.body).toBe(200);
      const { id, added, total } = imported.json();
      expect({ added, total }).toEqual({ added: expected.add, total: expected.total });
      expect(cents(await totalRevenue()) - cents(before)).toBe(cents(expected.total));
      const stored = await admin.server.db
        .select()
        .from(schema.revenues)
        .where(eq(schema.revenues.importId, id));
      expect(
        stored.every((row) => row.provider === provider && row.externalId && row.source === 'passive'),
      ).toBe(true);
      const listed = (await admin.call('GET', '/api/revenues/all')).json();
      const importedEntry = listed.find((row: { id: number }) => row.id === stored[0]?.id);
      expect(importedEntry).toMatchObject({
        provenance: 'import',
        provider,
        externalId: stored[0]?.externalId,
        currency: 'USD',
        originalAmount: stored[0]?.amount,
      });

      const again = await post(provider, csv, true);
      expect(again.json()).toMatchObject({ add: 0, duplicate: expected.add, skipped: expected.skipped });
      const second = await post(provider, csv, false);
      expect(second.json()).toMatchObject({ added: 0, total: '0.00' });
      expect(cents(await totalRevenue()) - cents(before)).toBe(cents(expected.total));

      // The import published every entry it added, with its provenance.
      const published = (await listLedger(admin.server.db)).filter(
        (row) => row.field === 'created' && JSON.parse(row.newValue ?? '{}').provider === provider,
      );
      expect(published.length).toBeGreaterThanOrEqual(expected.add);
      expect(JSON.parse(published.at(-1)!.newValue!)).toMatchObject({ provenance: 'import', provider });
      const ledgerBefore = (await listLedger(admin.server.db)).length;
      const corrections = async () =>
        (await admin.call('GET', '/api/revenue/corrections')).json().corrections;
      const correctionsBefore = await corrections();
      const undone = await admin.call('DELETE', `${URL}/${id}`);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json()).toEqual({ id, removed: expected.add, total: expected.total });
      expect(await totalRevenue()).toBe(before);
      const manualStill = await admin.call('GET', '/api/revenues/all');
      expect(manualStill.json().map((r: { id: number }) => r.id)).toContain(manual.json().id);

      const changes = await admin.server.db
        .select()
        .from(schema.revenueChanges)
        .where(eq(schema.revenueChanges.importId, id));
      expect(changes.filter((c) => c.action === 'create')).toHaveLength(expected.add);
      expect(changes.filter((c) => c.action === 'delete')).toHaveLength(expected.add);
      // The entries an undone import removed are not offered for a restore one by one.
      const deleted = (await admin.call('GET', '/api/admin/revenue/deleted')).json();
      const removedIds = new Set(changes.map((c) => c.revenueId));
      expect(deleted.filter((row: { id: number }) => removedIds.has(row.id))).toEqual([]);
      const ledger = await listLedger(admin.server.db);
      // Each entry's deletion is a row of its own, so the ledger replays to the total; then the import's row.
      expect(ledger).toHaveLength(ledgerBefore + expected.add + 1);
      expect(new Set(ledger.slice(ledgerBefore, -1).map((row) => [row.field, row.reason].join()))).toEqual(
        new Set(['deleted,Import undone']),
      );
      expect(ledger.at(-1)).toMatchObject({
        revenueId: null,
        field: 'import',
        newValue: null,
        reason: 'Import undone',
      });
      expect(ledger.at(-1)?.oldValue).toContain(`import #${id}: ${expected.add} entries, ${expected.total}`);
      // The tracker counts an undone import as one correction.
      expect(await corrections()).toBe(correctionsBefore + 1);
      expect((await admin.call('GET', '/api/public/ledger.json')).json().corrections).toBe(
        correctionsBefore + 1,
      );

      expect((await admin.call('DELETE', `${URL}/${id}`)).statusCode).toBe(409);
      const list = await admin.call('GET', URL);
      expect(list.json()[1]).toMatchObject({ id, provider, added: expected.add, total: expected.total });
      expect(list.json()[1].undoneAt).toEqual(expect.any(String));
    },
  );

  it.each([
    ['REST', URL],
    ['tRPC', '/api/trpc/revenueImports.create'],
  ])('refuses an anonymous 20 MiB upload over %s with 401 before reading its body', async (_, url) => {
    const size = 20 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const [head, tail] = ['{"provider":"generic","source":"ai","dryRun":true,"csv":"', '"}'];
    let sent = 0;
    // Handed over chunk by chunk as the server reads: what it never asks for is never sent.
    const body = Readable.from(
      (function* () {
        yield Buffer.from(head);
        while (sent < size) {
          sent += chunk.length;
          yield chunk;
        }
        yield Buffer.from(tail);
      })(),
    );
    const response = await admin.server.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'content-length': String(head.length + size + tail.length),
      },
    });
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json().message ?? response.json().error?.message).toBe('You must be signed in.');
    expect(sent).toBeLessThan(size / 4);
  });

  it('refuses a header of 1.2 million columns with 400 naming the bound', async () => {
    const csv = `${Array.from({ length: 1_200_000 }, (_, i) => `c${i}`).join(',')}\n2024-01-01,5,A sale row\n`;
    const response = await post('generic', csv, true);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.csv).toMatch(/^Line 1: the row is longer than 65,536 characters/);
  });

  it('refuses a row of 1.2 million empty cells with 400 naming the column bound', async () => {
    const csv = `date,amount,description\n2024-01-01,5,A sale row${','.repeat(1_200_000)}\n`;
    const response = await post('generic', csv, true);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.csv).toBe('Line 2: the row has more than 1,000 columns.');
  });

  it('refuses an external id of 9,000 characters as a row error, in the preview and the import alike', async () => {
    // Hex, which does not compress: too long for the unique index on (provider, external_id).
    const id = Array.from({ length: 141 }, (_, i) => createHash('sha256').update(String(i)).digest('hex'))
      .join('')
      .slice(0, 9_000);
    const csv = `date,amount,description,id\n2024-07-01,10.00,A very long id,${id}\n`;
    const preview = await post('generic', csv, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      add: 0,
      errors: [{ line: 2, message: 'id must be at most 255 characters.' }],
    });
    const before = await entries();
    const response = await post('generic', csv, false);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({ 'line 2': 'id must be at most 255 characters.' });
    expect(await entries()).toBe(before);
  });

  it('adds nothing when the file is imported again after one of its entries was deleted and restored', async () => {
    const csv = fixture('stripe').replaceAll('Journey', 'Restore');
    const imported = await post('stripe', csv, false);
    expect(imported.statusCode, imported.body).toBe(200);
    const [entry] = await admin.server.db
      .select()
      .from(schema.revenues)
      .where(eq(schema.revenues.importId, imported.json().id));
    if (!entry) throw new Error('the import stored nothing');
    const total = await totalRevenue();
    expect((await admin.call('DELETE', `/api/admin/revenue/${entry.id}`)).statusCode).toBe(204);
    const undo = await admin.call('POST', `/api/admin/revenue/${entry.id}/undo`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await totalRevenue()).toBe(total);
    const [restored] = await admin.server.db
      .select()
      .from(schema.revenues)
      .where(eq(schema.revenues.id, entry.id));
    expect(restored).toEqual(entry);

    const preview = await post('stripe', csv, true);
    expect(preview.json()).toMatchObject({ add: 0, duplicate: 5 });
    const again = await post('stripe', csv, false);
    expect(again.json()).toMatchObject({ added: 0, total: '0.00' });
    expect(await totalRevenue()).toBe(total);
  });

  it('corrects through the ledger what a newer export says was refunded since, in full or in part', async () => {
    const csv = fixture('stripe').replaceAll('Journey', 'Refund');
    expect((await post('stripe', csv, false)).statusCode).toBe(200);
    const total = await totalRevenue();
    const stored = async (id: string) =>
      (
        await admin.server.db
          .select()
          .from(schema.revenues)
          .where(eq(schema.revenues.externalId, `ch_3OaA1aRefund${id}`))
      )[0];
    const annual = await stored('0001');
    const call = await stored('0002');
    // A month later: the annual plan refunded in full, the call in part ($50 of $250).
    const newer = csv
      .replace(
        '120.00,0.00,usd,120.00,0.00,3.78,0.00,usd,Live,Paid',
        '120.00,120.00,usd,120.00,120.00,3.78,0.00,usd,Live,Refunded',
      )
      .replace(
        '250.00,0.00,usd,250.00,0.00,7.55,0.00,usd,Live,Paid',
        '250.00,50.00,usd,250.00,50.00,7.55,0.00,usd,Live,Partially refunded',
      );
    const preview = await post('stripe', newer, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      add: 0,
      update: 2,
      changes: [
        { line: 2, externalId: 'ch_3OaA1aRefund0001', entryId: annual!.id, from: '120.00', to: null },
        { line: 3, externalId: 'ch_3OaA1aRefund0002', entryId: call!.id, from: '250.00', to: '200.00' },
      ],
      duplicate: 3,
    });
    expect(await totalRevenue()).toBe(total);

    const ledgerFrom = (await listLedger(admin.server.db)).length;
    const imported = await post('stripe', newer, false);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: 0, corrected: 2 });
    expect(cents(total) - cents(await totalRevenue())).toBe(cents('170.00'));
    expect(await stored('0001')).toBeUndefined();
    expect(await stored('0002')).toMatchObject({
      amount: '200.00',
      description: 'Stripe: Consulting call (net of a 50.00 refund)',
    });
    const rows = (await listLedger(admin.server.db)).slice(ledgerFrom);
    expect(rows.map((row) => [row.revenueId, row.field, row.newValue, row.reason])).toEqual([
      [annual!.id, 'deleted', null, 'Stripe export: refunded in full since it was imported (was 120.00)'],
      [call!.id, 'amount', '200.00', 'Stripe export: refunded in part since it was imported (was 250.00)'],
      [
        call!.id,
        'description',
        'Stripe: Consulting call (net of a 50.00 refund)',
        'Stripe export: refunded in part since it was imported (was 250.00)',
      ],
    ]);

    // The same file again changes nothing more.
    expect((await post('stripe', newer, true)).json()).toMatchObject({ add: 0, update: 0, duplicate: 4 });
  });

  it('keeps a deleted entry deleted when its transaction was imported again meanwhile (409)', async () => {
    const csv = fixture('stripe').replaceAll('Journey', 'Reimport');
    const first = await post('stripe', csv, false);
    const [entry] = await admin.server.db
      .select()
      .from(schema.revenues)
      .where(eq(schema.revenues.importId, first.json().id));
    if (!entry) throw new Error('the import stored nothing');
    expect((await admin.call('DELETE', `/api/admin/revenue/${entry.id}`)).statusCode).toBe(204);
    expect((await post('stripe', csv, false)).json()).toMatchObject({ added: 1 });
    const total = await totalRevenue();
    const undo = await admin.call('POST', `/api/admin/revenue/${entry.id}/undo`, {});
    expect(undo.statusCode, undo.body).toBe(409);
    expect(undo.json().message).toBe(
      'This entry was imported again after it was deleted; undo that import or delete the new entry first.',
    );
    expect(await totalRevenue()).toBe(total);
  });

  it("lists the rows the preview would add, in the exports' own timestamps, and says why the Totals row is left out", async () => {
    const gumroad = (await post('gumroad', fixture('gumroad'), true)).json();
    expect(gumroad.rows).toEqual([
      {
        line: 2,
        date: '2024-06-01T14:30:00.000Z',
        amount: '25.00',
        description: 'Gumroad sale: Design kit, v2',
        externalId: 'AbC1xYz0001==',
      },
      {
        line: 3,
        date: '2024-06-02T09:00:00.000Z',
        amount: '9.99',
        description: 'Gumroad sale: Ebook',
        externalId: 'AbC1xYz0002==',
      },
      {
        line: 5,
        date: '2024-06-04T11:00:00.000Z',
        amount: '70.00',
        description: 'Gumroad sale: Course (net of a 30.00 refund)',
        externalId: 'AbC1xYz0004==',
      },
      {
        line: 7,
        date: '2024-06-06T23:59:59.000Z',
        amount: '15.00',
        description: 'Gumroad sale: Templates',
        externalId: 'AbC1xYz0006==',
      },
    ]);
    expect(gumroad.skippedReasons).toEqual([
      { line: 4, reason: 'Refunded.' },
      { line: 6, reason: 'Charged back (disputed).' },
      { line: 8, reason: 'Nothing was charged (0.00).' },
      { line: 9, reason: 'Summary row ("Totals"), not a sale.' },
    ]);
    const stripe = (await post('stripe', fixture('stripe'), true)).json();
    expect(stripe.rows[0]).toEqual({
      line: 2,
      date: '2024-03-01T10:15:00.000Z',
      amount: '120.00',
      description: 'Stripe: Pro plan, annual',
      externalId: 'ch_3OaA1aJourney0001',
    });
    const paddle = (await post('paddle', fixture('paddle'), true)).json();
    expect(paddle.rows[0]).toMatchObject({ date: '2024-05-01T12:00:05.381Z', amount: '24.00' });
  });

  it('answers 404 for the undo of an unknown import', async () => {
    const response = await admin.call('DELETE', `${URL}/999999`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Import not found');
  });

  it('lists row errors with their physical line in the preview, and refuses the import whole', async () => {
    const csv = fixture('bad-amount');
    const preview = await post('generic', csv, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      add: 1,
      errors: [
        { line: 3, message: 'amount can have at most 2 decimal places.' },
        { line: 4, message: 'amount must be a valid number.' },
      ],
    });
    const before = await entries();
    const response = await post('generic', csv, false);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Line 3: amount can have at most 2 decimal places. Nothing was imported: 2 rows have errors.',
    );
    expect(response.json().errors).toEqual({
      'line 3': 'amount can have at most 2 decimal places.',
      'line 4': 'amount must be a valid number.',
    });
    expect(await entries()).toBe(before);
  });

  it('counts lines across quoted line breaks, CRLF and blank lines', async () => {
    const csv =
      '\uFEFFdate,amount,description\r\n2024-01-01,5,"Two\r\nlines"\r\n\r\n2024-01-02,x,Bad amount here\r\n';
    const preview = await post('generic', csv, true);
    expect(preview.json().errors).toEqual([{ line: 5, message: 'amount must be a valid number.' }]);
  });

  const refused: [string, () => { provider: ImportProvider; csv: string }, string][] = [
    [
      'wrong columns',
      () => ({ provider: 'generic', csv: fixture('wrong-columns') }),
      'Line 1: missing columns date, amount, description (expected a header with date, amount, description).',
    ],
    [
      'Stripe columns missing',
      () => ({ provider: 'stripe', csv: 'id,Amount\nch_1,10.00\n' }),
      'Line 1: missing columns Created (UTC), Currency, Status (expected a header with id, Created (UTC), Amount, Currency, Status).',
    ],
    [
      'an unclosed quote',
      () => ({ provider: 'generic', csv: 'date,amount,description\n2024-01-01,5,"never closed\n' }),
      'Line 2: ',
    ],
    [
      'an 11 MB file',
      () => ({ provider: 'generic', csv: elevenMegabytes() }),
      'The file is larger than 10 MB',
    ],
    [
      'binary content',
      () => ({
        provider: 'generic',
        csv: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff]).toString('latin1'),
      }),
      'The file is not a CSV text file.',
    ],
    [
      'invalid UTF-8',
      () => ({ provider: 'generic', csv: Buffer.from([0x64, 0xc3, 0x28, 0x0a]).toString('utf8') }),
      'The file is not a CSV text file.',
    ],
    ['an empty file', () => ({ provider: 'generic', csv: '' }), 'The file is empty.'],
  ];

  it.each(refused)(
    'refuses %s with 400 naming the line or reason, storing nothing',
    async (_, make, message) => {
      const before = await entries();
      const imports = await admin.server.db.$count(schema.revenueImports);
      for (const dryRun of [true, false]) {
        const response = await admin.call('POST', URL, { ...make(), source: 'ai', dryRun });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message).toContain(message);
        expect(response.json().errors.csv).toContain(message);
      }
      expect(await entries()).toBe(before);
      expect(await admin.server.db.$count(schema.revenueImports)).toBe(imports);
    },
  );

  it('refuses a body past the route limit with the one JSON error body', async () => {
    const response = await admin.call('POST', URL, {
      provider: 'generic',
      source: 'ai',
      csv: '"'.repeat(11 * 1024 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().message).toBe('Request body is too large (the limit is 20.1 MiB).');
  });

  it('names a bad provider or source as the other writes do', async () => {
    const response = await admin.call('POST', URL, { provider: 'paypal', source: 'ai', csv: 'a' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.provider).toBe(
      'Provider must be stripe, lemon-squeezy, paddle, gumroad or generic.',
    );
  });

  it('lists the three paths in the OpenAPI document', async () => {
    const document = (await call(admin.server.app, 'GET', '/api/openapi.json')).json();
    const paths = document.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/admin/revenue/imports'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/admin/revenue/imports/{id}'] ?? {})).toEqual(['delete']);
  });
});

/** A generic CSV of valid rows just over 11 MB. */
function elevenMegabytes(): string {
  const row = '2024-01-01,10.00,A row that fills the file up\n';
  return `date,amount,description\n${row.repeat(Math.ceil((11 * 1024 * 1024) / row.length))}`;
}
