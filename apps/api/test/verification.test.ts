/**
 * GET /api/public/verification.json (docs/decisions/077-provider-connections.md): open data from one
 * procedure, cached by its tables, emptied by a write from anywhere (decision 075).
 */
import { schema } from '@journey/db';
import { describe, expect, it } from 'vitest';
import { waitFor } from './support/http';
import { call, useAdminServer } from './helpers';

const admin = useAdminServer();
const URL = '/api/public/verification.json';
const get = (headers: Record<string, string> = {}) =>
  admin.server.app.inject({ method: 'GET', url: URL, headers });

describe('verification.json', () => {
  it('is open data: readable from any origin, revalidated by its ETag', async () => {
    const response = await get({ origin: 'https://elsewhere.example' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.json()).toEqual({
      total: '0.00',
      verifiedTotal: '0.00',
      verifiedShare: 0,
      providers: [],
      ledger: { rows: 0, head: null },
      ranges: { total: null, verifiedTotal: null },
    });
    const again = await get({ 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
    const documented = (await call(admin.server.app, 'GET', '/api/openapi.json')).json();
    // The document's paths are relative to its server, /api.
    expect(Object.keys(documented.paths)).toContain('/public/verification.json');
  });

  it('counts only provider-read entries as verified, lists the connections, and heads the ledger', async () => {
    await admin.create('/api/revenue', {
      amount: '300.00',
      source: 'ai',
      description: 'Typed in by the owner',
      date: '2024-01-05',
    });
    const [typed] = await admin.server.db.select().from(schema.revenues);
    await admin.call('PUT', `/api/admin/revenue/${typed!.id}`, {
      amount: '250.00',
      source: 'ai',
      description: 'Typed in by the owner',
      date: '2024-01-05',
      reason: 'Fewer seats than invoiced',
    });
    // As a sync in another process writes them: straight into the database.
    await admin.server.db.insert(schema.revenues).values([
      { ...SYNCED, amount: '800.00', externalId: 'txn_1' },
      { ...SYNCED, amount: '-50.00', externalId: 'txn_2', description: 'Refund' },
    ]);
    await waitFor('the synced entries in verification.json', async () => {
      return (await get()).json().verifiedTotal === '750.00';
    });
    // The answer is cached now; the connection's row, written with SQL too, must empty it (decision 075).
    await admin.server.db.insert(schema.providerConnections).values({
      provider: 'stripe',
      status: 'ok',
      apiKeySealed: 'sealed',
      lastSyncedAt: new Date('2026-11-27T02:00:00.000Z'),
    });
    await waitFor('the connection in verification.json', async () => {
      return (await get()).json().providers.length === 1;
    });
    const ledger = (await admin.server.app.inject(`/api/public/ledger.json`)).json();
    expect(ledger.rows.length).toBeGreaterThan(0);
    expect((await get()).json()).toEqual({
      total: '1000.00',
      verifiedTotal: '750.00',
      verifiedShare: 0.75,
      providers: [{ provider: 'stripe', status: 'ok', lastSyncedAt: '2026-11-27T02:00:00.000Z' }],
      ledger: { rows: ledger.rows.length, head: ledger.rows.at(-1).hash },
      ranges: { total: null, verifiedTotal: null },
    });
  });
});

const SYNCED = {
  source: 'passive' as const,
  description: 'Stripe payment',
  date: new Date('2024-02-01T10:00:00.000Z'),
  provenance: 'sync' as const,
  provider: 'stripe' as const,
};
