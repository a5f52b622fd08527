import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COST_IMPORT_FORMATS, type CostImportFormat } from '@journey/contracts';
import { schema } from '@journey/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

const admin = useAdminServer();
const URL = '/api/admin/costs/imports';
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures', 'cost-imports', `${name}.csv`), 'utf8');
const costs = () => admin.server.db.$count(schema.costs);
const post = (format: CostImportFormat, csv: string, dryRun: boolean) =>
  admin.call('POST', URL, { format, csv, dryRun });

/** Each fixture, counted and summed by hand from its rows. */
const EXPECTED: Record<CostImportFormat, { add: number; skipped: number; total: string }> = {
  // 12.3456 → 12.35, 3.10, 7.50; the 0.004 line is under half a cent.
  openai: { add: 3, skipped: 1, total: '22.95' },
  // Cents: 1234.5 → $12.35, 5000 → $50.00, 100 → $1.00.
  anthropic: { add: 3, skipped: 0, total: '63.35' },
  // 20.00 + 1,250.50 + 9.99 + 9.99.
  generic: { add: 4, skipped: 0, total: '1290.48' },
};

describe('cost imports', () => {
  it('refuses imports, undos and the list without a session (401), storing nothing', async () => {
    const body = { format: 'generic', csv: fixture('generic'), dryRun: false };
    expect((await call(admin.server.app, 'POST', URL, body)).statusCode).toBe(401);
    expect((await call(admin.server.app, 'GET', URL)).statusCode).toBe(401);
    expect((await call(admin.server.app, 'DELETE', `${URL}/1`)).statusCode).toBe(401);
    expect(await costs()).toBe(0);
  });

  it('refuses a bad request with 400 naming the field', async () => {
    const noFormat = await admin.call('POST', URL, { csv: fixture('generic') });
    expect(noFormat.statusCode).toBe(400);
    expect(noFormat.json().errors.format).toBe('Format is required.');
    const wrongColumns = await post('generic', 'when,how much\n2025-01-01,5\n', true);
    expect(wrongColumns.statusCode).toBe(400);
    expect(wrongColumns.json().errors.csv).toMatch(
      /^Line 1: missing columns date, amount, description, category/,
    );
    const empty = await post('openai', '   ', true);
    expect(empty.json().errors.csv).toBe('The file is empty.');
  });

  it.each(COST_IMPORT_FORMATS)(
    'imports the %s fixture once: preview, import, re-import, undo',
    async (format) => {
      if (format === 'generic') await admin.create('/api/experiments', { ...EXPERIMENT });
      const expected = EXPECTED[format];
      const csv = fixture(format);
      const before = await costs();

      const preview = await post(format, csv, true);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ ...expected, duplicate: 0, errors: [] });
      expect(preview.json().rows).toHaveLength(expected.add);
      expect(await costs()).toBe(before);

      const imported = await post(format, csv, false);
      expect(imported.statusCode, imported.body).toBe(200);
      const { id, added, total } = imported.json();
      expect({ added, total }).toEqual({ added: expected.add, total: expected.total });
      const stored = await admin.server.db.select().from(schema.costs).where(eq(schema.costs.importId, id));
      expect(stored.every((row) => row.format === format && row.externalId)).toBe(true);
      if (format !== 'generic') expect(stored.every((row) => row.category === 'ai-models')).toBe(true);

      const again = await post(format, csv, true);
      expect(again.json()).toMatchObject({ add: 0, duplicate: expected.add, total: '0.00' });
      const reimported = await post(format, csv, false);
      expect(reimported.json()).toMatchObject({ added: 0, total: '0.00' });
      expect(await costs()).toBe(before + expected.add);

      const list = (await admin.call('GET', URL)).json();
      expect(list[1]).toMatchObject({
        id,
        format,
        added: expected.add,
        total: expected.total,
        undoneAt: null,
      });

      const undone = await admin.call('DELETE', `${URL}/${id}`);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json()).toEqual({ id, removed: expected.add, total: expected.total });
      expect(await costs()).toBe(before);
      expect((await admin.call('DELETE', `${URL}/${id}`)).statusCode).toBe(409);
      expect((await admin.call('DELETE', `${URL}/999999`)).statusCode).toBe(404);
      const undoneRow = (await admin.call('GET', URL)).json()[1];
      expect(undoneRow.undoneAt).not.toBeNull();
    },
  );

  it('links the generic file to experiments by slug or exact title', async () => {
    const experiments = (await admin.call('GET', '/api/experiments')).json() as {
      id: number;
      slug: string;
    }[];
    const experiment = experiments.find((row) => row.slug === EXPERIMENT.slug);
    const preview = (await post('generic', fixture('generic'), true)).json();
    const byLine = Object.fromEntries(
      preview.rows.map((row: { line: number; experimentId: number | null }) => [row.line, row.experimentId]),
    );
    expect(byLine).toEqual({ 2: null, 3: experiment?.id, 4: experiment?.id, 5: null });
  });

  it('refuses a row in another currency and bad rows with their lines, storing nothing', async () => {
    const before = await costs();
    const currency = await post('anthropic', fixture('other-currency'), true);
    expect(currency.json()).toMatchObject({ add: 1, total: '1.00' });
    expect(currency.json().errors).toEqual([
      {
        line: 3,
        message:
          'Currency is "EUR": only USD amounts are imported (nothing is converted); export in USD or add the cost by hand.',
      },
    ]);
    const refused = await post('anthropic', fixture('other-currency'), false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Line 3: Currency is "EUR"/);

    const bad = await post('generic', fixture('bad-rows'), true);
    expect(bad.json().errors).toEqual([
      { line: 2, message: 'amount can have at most 2 decimal places.' },
      { line: 3, message: 'date: Date cannot be in the future.' },
      {
        line: 4,
        message:
          'category "rent" is not one of ai-models (AI models), hosting (Hosting), tools (Tools), marketing (Marketing), other (Other).',
      },
      { line: 5, message: 'experiment "no-such-experiment" is not an experiment\'s slug or exact title.' },
    ]);
    const stored = await post('generic', fixture('bad-rows'), false);
    expect(stored.statusCode).toBe(400);
    expect(stored.json().errors['line 2']).toBe('amount can have at most 2 decimal places.');
    expect(await costs()).toBe(before);
  });
});

const EXPERIMENT = {
  title: 'Newsletter Engine',
  slug: 'newsletter-engine',
  description: 'A newsletter written with AI research and sold through sponsorships.',
  status: 'Popular',
  statusColor: 'text-green-500',
  projectCount: 2,
  imageUrl: 'https://images.example.com/newsletter.png',
};
