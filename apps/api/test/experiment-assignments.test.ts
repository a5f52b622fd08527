/**
 * Revenue given to an experiment (docs/decisions/082-experiment-money.md): an entry assigned by hand
 * through the revenue API, and the rules at /api/admin/experiments/{id}/assignments; both show in
 * GET /api/experiments/{slug}/figures. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { schema } from '@journey/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, itRejectsBadInput, useAdminServer } from './helpers';

const NOW = new Date('2026-03-20T12:00:00.000Z');
const admin = useAdminServer({ now: () => NOW });

const experimentInput = (title: string) => ({
  title,
  description: 'An experiment that earns revenue through its rules.',
  status: 'Active',
  statusColor: 'text-blue-500',
  projectCount: 1,
  imageUrl: 'https://images.example.com/rules.png',
});
const entry = { amount: '40.00', source: 'ai', description: 'A sale of the arena', date: '2026-02-10' };
const rulesUrl = (id: number) => `/api/admin/experiments/${id}/assignments`;

/** A new experiment's id and slug. */
async function newExperiment(title: string): Promise<{ id: number; slug: string }> {
  const { id, slug } = (await admin.create('/api/experiments', experimentInput(title))).json();
  return { id, slug };
}

/** The experiment's revenue in February 2026, the month every entry here is dated. */
async function februaryRevenue(slug: string): Promise<string> {
  const response = await call(admin.server.app, 'GET', `/api/experiments/${slug}/figures`);
  expect(response.statusCode, response.body).toBe(200);
  const months = response.json().months as { month: string; revenue: string }[];
  return months.find((month) => month.month === '2026-02')?.revenue ?? '0.00';
}

/** A payment a Stripe sync stored, naming its product and price. */
async function syncedEntry(values: {
  amount: string;
  externalId: string;
  productId: string;
  priceId: string;
}) {
  const [row] = await admin.server.db
    .insert(schema.revenues)
    .values({
      ...values,
      source: 'ai',
      description: `Stripe payment ${values.externalId}`,
      date: new Date('2026-02-12T00:00:00Z'),
      provenance: 'sync',
      provider: 'stripe',
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

const revenueCount = () => admin.server.db.$count(schema.revenues);

describe('experiment assignments', () => {
  it('refuses the rules without a session (401)', async () => {
    const app = admin.server.app;
    expect((await call(app, 'GET', rulesUrl(1))).statusCode).toBe(401);
    const put = await app.inject({ method: 'PUT', url: rulesUrl(1), payload: { rules: [] } });
    expect(put.statusCode).toBe(401);
  });

  itRejectsBadInput(admin, '/api/revenue', revenueCount, [
    [{ ...entry, experimentId: 'abc' }, 'experimentId', 'Experiment must be an experiment’s id.'],
    [
      { ...entry, experimentId: 999999 },
      'experimentId',
      'Experiment not found: pick one of the experiments.',
    ],
  ]);

  it('assigns an entry by hand, keeps it when an edit leaves the field out, and undoes an edit of it', async () => {
    const experiment = await newExperiment('By Hand');
    const created = (await admin.create('/api/revenue', { ...entry, experimentId: experiment.id })).json();
    expect(created).toMatchObject({
      amount: '40.00',
      date: '2026-02-10T00:00:00.000Z',
      experimentId: experiment.id,
    });
    expect(await februaryRevenue(experiment.slug)).toBe('40.00');
    const unassigned = (await admin.create('/api/revenue', entry)).json();
    expect(unassigned.experimentId).toBeNull();

    const url = `/api/admin/revenue/${created.id}`;
    // A client that knows nothing of experiments edits the amount: the assignment stays.
    const edited = await admin.call('PUT', url, { ...entry, amount: '45.00' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().experimentId).toBe(experiment.id);
    const unknown = await admin.call('PUT', url, { ...entry, experimentId: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      experimentId: 'Experiment not found: pick one of the experiments.',
    });

    const cleared = await admin.call('PUT', url, { ...entry, amount: '45.00', experimentId: null });
    expect(cleared.json().experimentId).toBeNull();
    expect(await februaryRevenue(experiment.slug)).toBe('0.00');

    // The change is in the entry's history, so the undo puts the experiment back.
    const undone = await admin.call('POST', `/api/admin/revenue/${created.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    const [row] = await admin.server.db
      .select()
      .from(schema.revenues)
      .where(sql`${schema.revenues.id} = ${created.id}`);
    expect(row?.experimentId).toBe(experiment.id);
    expect(await februaryRevenue(experiment.slug)).toBe('45.00');

    // Neither the history nor the public ledger shows it: only the published values.
    const history = (await admin.call('GET', `/api/admin/revenue/${created.id}/history`)).json();
    expect(history.changes[0].before).toEqual({
      amount: '45.00',
      source: 'ai',
      description: entry.description,
      date: '2026-02-10T00:00:00.000Z',
    });
    const ledger = (await call(admin.server.app, 'GET', '/api/public/ledger.json')).json() as {
      rows: { entryId: number | null; field: string; old: string | null; new: string | null }[];
    };
    const rows = ledger.rows.filter((ledgerRow) => ledgerRow.entryId === created.id);
    expect(rows.map((ledgerRow) => ledgerRow.field)).toEqual(['created', 'amount']);
    expect(JSON.stringify(rows)).not.toMatch(/experiment/i);
  });

  it('unlinks an entry whose experiment is deleted, and an undo does not bring that experiment back', async () => {
    const experiment = await newExperiment('Short Lived');
    const created = (await admin.create('/api/revenue', { ...entry, experimentId: experiment.id })).json();
    const url = `/api/admin/revenue/${created.id}`;
    expect((await admin.call('PUT', url, { ...entry, amount: '41.00' })).statusCode).toBe(200);
    expect((await admin.call('DELETE', `/api/admin/experiments/${experiment.id}`)).statusCode).toBe(204);
    const undone = await admin.call('POST', `${url}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    const listed = (await admin.call('GET', '/api/revenues/all')).json() as { id: number; amount: string }[];
    expect(listed.find((row) => row.id === created.id)).toMatchObject({
      amount: '40.00',
      experimentId: null,
    });
  });

  it('replaces an experiment’s rules, applies a price rule, and lets a hand assignment win', async () => {
    const experiment = await newExperiment('Price Rules');
    const other = await newExperiment('Other Rules');
    expect((await admin.call('GET', rulesUrl(experiment.id))).json()).toEqual([]);

    await syncedEntry({ amount: '10.00', externalId: 'ch_rule_1', productId: 'prod_A', priceId: 'price_A1' });
    await syncedEntry({ amount: '7.00', externalId: 'ch_rule_2', productId: 'prod_A', priceId: 'price_A2' });
    const mine = await syncedEntry({
      amount: '3.00',
      externalId: 'ch_rule_3',
      productId: 'prod_A',
      priceId: 'price_A1',
    });
    expect(await februaryRevenue(experiment.slug)).toBe('0.00');

    const put = await admin.call('PUT', rulesUrl(experiment.id), {
      rules: [{ provider: 'stripe', kind: 'price', value: '  price_A1 ' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const [rule] = put.json();
    expect(put.json()).toEqual([{ id: rule.id, provider: 'stripe', kind: 'price', value: 'price_A1' }]);
    expect((await admin.call('GET', rulesUrl(experiment.id))).json()).toEqual(put.json());
    expect(await februaryRevenue(experiment.slug)).toBe('13.00');

    // A product rule of another experiment takes the rest of the product; the price rule wins.
    const product = await admin.call('PUT', rulesUrl(other.id), {
      rules: [{ provider: 'stripe', kind: 'product', value: 'prod_A' }],
    });
    expect(product.statusCode, product.body).toBe(200);
    expect(await februaryRevenue(other.slug)).toBe('7.00');
    expect(await februaryRevenue(experiment.slug)).toBe('13.00');

    // An entry assigned by hand is that experiment's, whatever the rules say.
    await admin.server.db
      .update(schema.revenues)
      .set({ experimentId: other.id })
      .where(sql`${schema.revenues.id} = ${mine.id}`);
    await admin.call('PUT', rulesUrl(other.id), {
      rules: [
        { provider: 'stripe', kind: 'product', value: 'prod_A' },
        { provider: 'polar', kind: 'connection' },
      ],
    });
    expect(await februaryRevenue(experiment.slug)).toBe('10.00');
    expect(await februaryRevenue(other.slug)).toBe('10.00');

    // Adding a rule keeps the ones listed again (same id); an empty list removes them all.
    const added = await admin.call('PUT', rulesUrl(experiment.id), {
      rules: [
        { provider: 'stripe', kind: 'price', value: 'price_A1' },
        { provider: 'paddle', kind: 'connection', value: '' },
      ],
    });
    expect(added.json()).toEqual([
      { id: rule.id, provider: 'stripe', kind: 'price', value: 'price_A1' },
      { id: expect.any(Number), provider: 'paddle', kind: 'connection', value: '' },
    ]);
    const emptied = await admin.call('PUT', rulesUrl(experiment.id), { rules: [] });
    expect(emptied.json()).toEqual([]);
    expect(await februaryRevenue(experiment.slug)).toBe('0.00');
  });

  it('refuses a rule another experiment holds with a 409 naming it, changing nothing', async () => {
    const holder = await newExperiment('Holder');
    const taker = await newExperiment('Taker');
    await admin.call('PUT', rulesUrl(holder.id), {
      rules: [
        { provider: 'lemonsqueezy', kind: 'connection' },
        { provider: 'stripe', kind: 'price', value: 'price_held' },
      ],
    });
    const kept = [{ provider: 'paddle', kind: 'product', value: 'pro_01' }];
    expect((await admin.call('PUT', rulesUrl(taker.id), { rules: kept })).statusCode).toBe(200);

    const price = await admin.call('PUT', rulesUrl(taker.id), {
      rules: [{ provider: 'stripe', kind: 'price', value: 'price_held' }],
    });
    expect(price.statusCode).toBe(409);
    expect(price.json()).toEqual({
      message: 'This price is already assigned to the experiment “Holder”.',
      errors: { 'rules.0.value': 'This price is already assigned to the experiment “Holder”.' },
    });
    const connection = await admin.call('PUT', rulesUrl(taker.id), {
      rules: [...kept, { provider: 'lemonsqueezy', kind: 'connection', value: '' }],
    });
    expect(connection.statusCode).toBe(409);
    expect(connection.json().errors).toEqual({
      'rules.1.provider': 'This connection is already assigned to the experiment “Holder”.',
    });
    const rules = (await admin.call('GET', rulesUrl(taker.id))).json();
    expect(rules.map(({ id: _id, ...target }: { id: number }) => target)).toEqual(kept);
  });

  it.each([
    [{}, 'rules', 'Rules are required.'],
    [{ rules: 'all' }, 'rules', 'Rules must be a list.'],
    [{ rules: [{ provider: 'stripe', kind: 'product' }] }, 'rules.0.value', 'Product id is required.'],
    [
      { rules: [{ provider: 'stripe', kind: 'price', value: '   ' }] },
      'rules.0.value',
      'Price id is required.',
    ],
    [
      { rules: [{ provider: 'stripe', kind: 'price', value: 'price 1' }] },
      'rules.0.value',
      'Price id is one word, without spaces.',
    ],
    [
      { rules: [{ provider: 'stripe', kind: 'connection', value: 'acct_1' }] },
      'rules.0.value',
      'A whole connection takes no id: leave it empty.',
    ],
    [
      { rules: [{ provider: 'gumroad', kind: 'connection' }] },
      'rules.0.provider',
      'Connection must be stripe, lemonsqueezy, paddle or polar.',
    ],
    [
      { rules: [{ provider: 'stripe', kind: 'plan', value: 'x' }] },
      'rules.0.kind',
      'Kind must be connection, product or price.',
    ],
    [
      {
        rules: [
          { provider: 'stripe', kind: 'price', value: 'price_1' },
          { provider: 'stripe', kind: 'price', value: ' price_1' },
        ],
      },
      'rules.1.value',
      'This rule is listed twice.',
    ],
    [
      {
        rules: [
          { provider: 'polar', kind: 'connection' },
          { provider: 'polar', kind: 'connection' },
        ],
      },
      'rules.1.provider',
      'This rule is listed twice.',
    ],
  ])('refuses bad rules %# with 400 naming the field', async (body, field, message) => {
    const experiment = await newExperiment(`Bad Rules ${field} ${message.length}`);
    const response = await admin.call('PUT', rulesUrl(experiment.id), body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect((await admin.call('GET', rulesUrl(experiment.id))).json()).toEqual([]);
  });

  it('answers 404 for an experiment that does not exist', async () => {
    expect((await admin.call('GET', rulesUrl(999999))).statusCode).toBe(404);
    const put = await admin.call('PUT', rulesUrl(999999), { rules: [] });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Experiment not found');
  });

  it('describes the rules in the OpenAPI document', async () => {
    const paths = (await call(admin.server.app, 'GET', '/api/openapi.json')).json().paths;
    expect(Object.keys(paths['/admin/experiments/{id}/assignments']).sort()).toEqual(['get', 'put']);
  });
});
