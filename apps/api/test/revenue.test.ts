import { AMOUNT_BAND_RULE, EXACT_PRIVACY } from '@journey/contracts';
import { schema } from '@journey/db';
import { describe, expect, it } from 'vitest';
import { call, itRejectsBadInput, registerAdmin, startTestServer, useAdminServer } from './helpers';

const admin = useAdminServer();

const entry = { amount: '1250.50', source: 'ai', description: 'First AI client', date: '2024-03-15' };
const count = () => admin.server.db.$count(schema.revenues);

describe('revenue', () => {
  it('answers zero totals as decimal strings on an empty database', async () => {
    const response = await call(admin.server.app, 'GET', '/api/revenue');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalRevenue: '0.00',
      bySource: { ai: '0.00', passive: '0.00', consulting: '0.00' },
      // Shown exactly, as a new site shows every figure (docs/decisions/083-privacy-per-figure.md).
      ranges: { totalRevenue: null, bySource: { ai: null, passive: null, consulting: null } },
      privacy: EXACT_PRIVACY,
      bandRule: AMOUNT_BAND_RULE,
    });
  });

  it('refuses writes and the full list without a session (401), storing nothing', async () => {
    expect((await call(admin.server.app, 'POST', '/api/revenue', entry)).statusCode).toBe(401);
    expect((await call(admin.server.app, 'GET', '/api/revenues/all')).statusCode).toBe(401);
    expect((await call(admin.server.app, 'PUT', '/api/admin/revenue/1', entry)).statusCode).toBe(401);
    expect((await call(admin.server.app, 'DELETE', '/api/admin/revenue/1')).statusCode).toBe(401);
    expect(await count()).toBe(0);
  });

  it('creates an entry and returns it with the amount as a decimal string, an ISO date and its provenance', async () => {
    const response = await admin.call('POST', '/api/revenue', entry);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      amount: '1250.50',
      source: 'ai',
      description: 'First AI client',
      date: '2024-03-15T00:00:00.000Z',
      // A typed entry is self-reported, in USD (docs/decisions/076-revenue-provenance.md).
      provenance: 'manual',
      provider: null,
      externalId: null,
      currency: 'USD',
      originalAmount: '1250.50',
      // Assigned to no experiment (docs/decisions/082-experiment-money.md).
      experimentId: null,
    });
    const list = await admin.call('GET', '/api/revenues/all');
    expect(list.json()).toEqual([response.json()]);
  });

  itRejectsBadInput(admin, '/api/revenue', count, [
    [{ ...entry, amount: undefined }, 'amount', 'Amount is required.'],
    [{ ...entry, amount: '' }, 'amount', 'Amount is required.'],
    [{ ...entry, amount: 'abc' }, 'amount', 'Amount must be a valid number.'],
    [{ ...entry, amount: '1e309' }, 'amount', 'Amount must be a valid number.'],
    [{ ...entry, amount: 'NaN' }, 'amount', 'Amount must be a valid number.'],
    [{ ...entry, amount: '12,50' }, 'amount', 'Amount must be a valid number.'],
    [{ ...entry, amount: '1,2,3' }, 'amount', 'Amount must be a valid number.'],
    [{ ...entry, amount: '1,2345' }, 'amount', 'Amount must be a valid number.'],
    [{ ...entry, amount: '12.345' }, 'amount', 'Amount can have at most 2 decimal places.'],
    [{ ...entry, amount: '-5' }, 'amount', 'Amount must be greater than 0.'],
    [{ ...entry, amount: 0 }, 'amount', 'Amount must be greater than 0.'],
    [{ ...entry, amount: '1000000000000' }, 'amount', 'Amount must be less than $1,000,000,000,000.'],
    [{ ...entry, source: undefined }, 'source', 'Source is required.'],
    [{ ...entry, source: 'crypto' }, 'source', 'Source must be ai, passive or consulting.'],
    [{ ...entry, description: 'tiny' }, 'description', 'Description must be at least 5 characters.'],
    [
      { ...entry, description: 'x'.repeat(501) },
      'description',
      'Description must be at most 500 characters.',
    ],
    [{ ...entry, date: undefined }, 'date', 'A date is required.'],
    [{ ...entry, date: 'yesterday' }, 'date', 'Date must be a valid date (YYYY-MM-DD or ISO 8601).'],
    [{ ...entry, date: '2023-02-30' }, 'date', 'Date must be a valid date (YYYY-MM-DD or ISO 8601).'],
    [{ ...entry, date: '1999-12-31' }, 'date', 'Date cannot be before 2000-01-01.'],
    [{ ...entry, date: '2999-01-01' }, 'date', 'Date cannot be in the future.'],
  ]);

  it.each([
    ['1,250', '1250.00'],
    ['1,250.50', '1250.50'],
    ['12,345,678.90', '12345678.90'],
  ])('reads %j with thousands separators as %j (REST and tRPC)', async (amount, stored) => {
    const rest = await admin.call('POST', '/api/revenue', { ...entry, amount });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().amount).toBe(stored);
    const trpc = await admin.call('POST', '/api/trpc/revenue.create', { ...entry, amount });
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(trpc.json().result.data.amount).toBe(stored);
  });

  it.each(['12,50', '1,2,3', '1,2345'])(
    'refuses %j through tRPC and on edit too, with the message on amount, storing nothing',
    async (amount) => {
      const created = await admin.call('POST', '/api/revenue', entry);
      const before = await count();
      const trpc = await admin.call('POST', '/api/trpc/revenue.create', { ...entry, amount });
      expect(trpc.statusCode).toBe(400);
      expect(trpc.json().error.errors.amount).toBe('Amount must be a valid number.');
      const edit = await admin.call('PUT', `/api/admin/revenue/${created.json().id}`, { ...entry, amount });
      expect(edit.statusCode).toBe(400);
      expect(edit.json().errors.amount).toBe('Amount must be a valid number.');
      expect(await count()).toBe(before);
      const list = await admin.call('GET', '/api/revenues/all');
      expect(list.json().find((row: { id: number }) => row.id === created.json().id).amount).toBe('1250.50');
    },
  );

  it('accepts exact JSON numbers, ISO timestamps and the spec minimum description', async () => {
    const response = await admin.call('POST', '/api/revenue', {
      amount: 99.9,
      source: 'passive',
      description: 'Books',
      date: '2024-06-01T12:30:00+02:00',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ amount: '99.90', date: '2024-06-01T10:30:00.000Z' });
  });

  it('keeps totals exact to the cent through creates, edits and deletes', async () => {
    const fresh = await startTestServer();
    try {
      const freshCookie = await registerAdmin(fresh.app);
      const create = async (amount: string, source: string) =>
        (await call(fresh.app, 'POST', '/api/revenue', { ...entry, amount, source }, freshCookie)).json();
      const a = await create('0.10', 'ai');
      await create('0.20', 'ai');
      const c = await create('999999999999.99', 'passive');
      await create('33.33', 'consulting');
      await create('33.33', 'consulting');
      await create('33.34', 'consulting');
      const summary = async () => {
        const { totalRevenue, bySource } = (await call(fresh.app, 'GET', '/api/revenue')).json();
        return { totalRevenue, bySource };
      };
      expect(await summary()).toEqual({
        totalRevenue: '1000000000100.29',
        bySource: { ai: '0.30', passive: '999999999999.99', consulting: '100.00' },
      });

      const edited = await call(
        fresh.app,
        'PUT',
        `/api/admin/revenue/${a.id}`,
        { ...entry, amount: '0.01', source: 'consulting', description: 'Moved to consulting' },
        freshCookie,
      );
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ id: a.id, amount: '0.01', source: 'consulting' });
      expect(
        (await call(fresh.app, 'DELETE', `/api/admin/revenue/${c.id}`, undefined, freshCookie)).statusCode,
      ).toBe(204);
      expect(await summary()).toEqual({
        totalRevenue: '100.21',
        bySource: { ai: '0.20', passive: '0.00', consulting: '100.01' },
      });
    } finally {
      await fresh.close();
    }
  });

  it('takes the whole record on PUT: a missing field is a 400 and changes nothing', async () => {
    const [first] = (await admin.call('GET', '/api/revenues/all')).json();
    const response = await admin.call('PUT', `/api/admin/revenue/${first.id}`, {
      amount: '5.00',
      source: 'ai',
      date: '2024-01-01',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ description: 'Description is required.' });
    const [after] = (await admin.call('GET', '/api/revenues/all')).json();
    expect(after).toEqual(first);
  });

  it('answers 404 for unknown ids and 400 for ids that are no positive integers', async () => {
    expect((await admin.call('PUT', '/api/admin/revenue/999999', entry)).json()).toEqual({
      message: 'Revenue entry not found',
    });
    expect((await admin.call('DELETE', '/api/admin/revenue/999999')).statusCode).toBe(404);
    for (const id of ['abc', '-1', '0', '1e99', '0x10', '1.5', '99999999999']) {
      const response = await admin.call('DELETE', `/api/admin/revenue/${id}`, undefined);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().errors.id, id).toMatch(/^Id /);
    }
  });

  it('lists entries newest first', async () => {
    const list = (await admin.call('GET', '/api/revenues/all')).json();
    const dates = list.map((r: { date: string }) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
