import { schema } from '@journey/db';
import { describe, expect, it } from 'vitest';
import { call, itRejectsBadInput, useAdminServer } from './helpers';

const admin = useAdminServer();
const URL = '/api/admin/costs';
const cost = {
  amount: '42.50',
  date: '2025-01-15',
  category: 'hosting',
  description: 'Server for the arena',
};
const count = () => admin.server.db.$count(schema.costs);
const experiment = {
  title: 'Cost Tracker',
  description: 'An experiment whose costs are recorded against it.',
  status: 'Popular',
  statusColor: 'text-green-500',
  projectCount: 1,
  imageUrl: 'https://images.example.com/costs.png',
};

describe('costs', () => {
  it('refuses every cost route without a session (401), storing nothing', async () => {
    const app = admin.server.app;
    expect((await call(app, 'GET', URL)).statusCode).toBe(401);
    expect((await call(app, 'POST', URL, cost)).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: `${URL}/1`, payload: cost })).statusCode).toBe(401);
    expect((await call(app, 'DELETE', `${URL}/1`)).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/trpc/costs.page')).statusCode).toBe(401);
    expect(await count()).toBe(0);
  });

  itRejectsBadInput(admin, URL, count, [
    [{ ...cost, amount: undefined }, 'amount', 'Amount is required.'],
    [{ ...cost, amount: '12.345' }, 'amount', 'Amount can have at most 2 decimal places.'],
    [{ ...cost, amount: '-5' }, 'amount', 'Amount must be greater than 0.'],
    [{ ...cost, amount: '0' }, 'amount', 'Amount must be greater than 0.'],
    [{ ...cost, date: '2999-01-01' }, 'date', 'Date cannot be in the future.'],
    [{ ...cost, date: 'soon' }, 'date', 'Date must be a valid date (YYYY-MM-DD or ISO 8601).'],
    [
      { ...cost, category: 'rent' },
      'category',
      'Category must be ai-models, hosting, tools, marketing or other.',
    ],
    [{ ...cost, category: undefined }, 'category', 'Category is required.'],
    [{ ...cost, description: 'x' }, 'description', 'Description must be at least 2 characters.'],
    [{ ...cost, experimentId: 'abc' }, 'experimentId', 'Experiment must be an experiment’s id.'],
    [{ ...cost, experimentId: 999999 }, 'experimentId', 'Experiment not found: pick one of the experiments.'],
  ]);

  it('creates, lists, pages, edits and deletes a cost', async () => {
    const created = await admin.create(URL, cost);
    const row = created.json();
    expect(row).toMatchObject({
      amount: '42.50',
      date: '2025-01-15T00:00:00.000Z',
      category: 'hosting',
      description: 'Server for the arena',
      experimentId: null,
      format: null,
      externalId: null,
      importId: null,
    });
    const listed = await admin.call('GET', URL);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toContainEqual(row);

    const edited = await admin.call('PUT', `${URL}/${row.id}`, {
      ...cost,
      amount: '1,200.00',
      category: 'tools',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: row.id, amount: '1200.00', category: 'tools' });
    const missing = await admin.call('PUT', `${URL}/999999`, cost);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Cost not found');
    const bad = await admin.call('PUT', `${URL}/${row.id}`, { ...cost, amount: '1.999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.amount).toBe('Amount can have at most 2 decimal places.');

    await admin.create(URL, { ...cost, amount: '5.00', category: 'marketing', description: 'Ads test' });
    const input = encodeURIComponent(
      JSON.stringify({ sort: 'amount', direction: 'asc', category: 'marketing' }),
    );
    const page = await admin.call('GET', `/api/trpc/costs.page?input=${input}`);
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().result.data;
    expect(data.total).toBe(1);
    expect(data.items[0].description).toBe('Ads test');
    const search = encodeURIComponent(JSON.stringify({ q: 'arena' }));
    const found = (await admin.call('GET', `/api/trpc/costs.page?input=${search}`)).json().result.data;
    expect(found.items.map((item: { id: number }) => item.id)).toEqual([row.id]);

    const deleted = await admin.call('DELETE', `${URL}/${row.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await admin.call('DELETE', `${URL}/${row.id}`)).statusCode).toBe(404);
  });

  it('links a cost to an experiment, and unlinks it when the experiment is deleted', async () => {
    const created = await admin.create('/api/experiments', experiment);
    const experimentId = created.json().id as number;
    const linked = (await admin.create(URL, { ...cost, experimentId })).json();
    expect(linked.experimentId).toBe(experimentId);
    const unlinked = await admin.call('PUT', `${URL}/${linked.id}`, { ...cost, experimentId: null });
    expect(unlinked.json().experimentId).toBeNull();
    await admin.call('PUT', `${URL}/${linked.id}`, { ...cost, experimentId: String(experimentId) });

    expect((await admin.call('DELETE', `/api/admin/experiments/${experimentId}`)).statusCode).toBe(204);
    const after = (await admin.call('GET', URL)).json() as { id: number; experimentId: number | null }[];
    expect(after.find((row) => row.id === linked.id)?.experimentId).toBeNull();
    const stale = await admin.call('PUT', `${URL}/${linked.id}`, { ...cost, experimentId });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors.experimentId).toBe('Experiment not found: pick one of the experiments.');
  });

  it('describes the cost routes in the OpenAPI document', async () => {
    const paths = (await call(admin.server.app, 'GET', '/api/openapi.json')).json().paths;
    expect(Object.keys(paths[`/admin/costs`]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths[`/admin/costs/{id}`]).sort()).toEqual(['delete', 'put']);
    expect(Object.keys(paths[`/admin/costs/imports`]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths[`/admin/costs/imports/{id}`])).toEqual(['delete']);
  });
});
