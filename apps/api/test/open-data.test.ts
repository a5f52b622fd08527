import { AMOUNT_BAND_RULE, EXACT_PRIVACY } from '@journey/contracts';
import { schema } from '@journey/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

const admin = useAdminServer();
const get = (url: string, headers: Record<string, string> = {}) =>
  admin.server.app.inject({ method: 'GET', url, headers });

const SECRET_DESCRIPTION = 'Private note about a client deal';
const ENTRIES = [
  // 0.10 + 0.20 in one month: a floating-point sum would give 0.30000000000000004.
  { amount: '0.10', source: 'ai', date: '2024-01-05' },
  { amount: '0.20', source: 'ai', date: '2024-01-31T23:59:59.000Z' },
  { amount: '1000.00', source: 'consulting', date: '2024-01-15' },
  { amount: '50.55', source: 'passive', date: '2024-04-01' },
  { amount: '999999999.99', source: 'consulting', date: '2024-04-20' },
];

describe('open data', () => {
  it('answers an empty summary and a CSV with only its header before any data', async () => {
    const summary = await get('/api/public/summary.json');
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({
      totalRevenue: '0.00',
      bySource: { ai: '0.00', passive: '0.00', consulting: '0.00' },
      target: '1000000000.00',
      percentage: 0,
      milestoneCount: 0,
      lastUpdated: null,
      ranges: { totalRevenue: null, bySource: { ai: null, passive: null, consulting: null } },
      privacy: EXACT_PRIVACY,
      bandRule: AMOUNT_BAND_RULE,
    });
    const csv = await get('/api/public/revenue.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe('month,ai,passive,consulting,total\r\n');
  });

  it('sums the summary like /api/revenue and counts the milestones', async () => {
    for (const entry of ENTRIES) {
      await admin.create('/api/revenue', {
        ...entry,
        description: SECRET_DESCRIPTION,
      });
    }
    await admin.create('/api/milestones', {
      title: 'A milestone',
      description: 'Counted by the open summary.',
      date: '2024-02-02',
      day: 33,
      isRevenue: 0,
    });

    const revenue = (await call(admin.server.app, 'GET', '/api/revenue')).json();
    const summary = (await get('/api/public/summary.json')).json();
    expect(summary.totalRevenue).toBe(revenue.totalRevenue);
    expect(summary.bySource).toEqual(revenue.bySource);
    expect(summary.totalRevenue).toBe('1000001050.84');
    expect(summary.bySource).toEqual({ ai: '0.30', passive: '50.55', consulting: '1000000999.99' });
    // Exact to the cent (a cent of $1B is 10⁻⁹ %): nine decimals, no floating-point tail.
    expect(summary.percentage).toBe(100.000105084);
    expect(summary.milestoneCount).toBe(1);
    // The latest date among revenue entries and milestones.
    expect(summary.lastUpdated).toBe('2024-04-20T00:00:00.000Z');
  });

  it('writes the percentage rounded to nine decimals: $18,991.00 is 0.0018991, not 0.0018991000000000001', async () => {
    await admin.server.db.delete(schema.revenues).where(sql`true`);
    try {
      await admin.create('/api/revenue', {
        amount: '18991.00',
        source: 'ai',
        description: 'Eight months of sales',
        date: '2024-05-01',
      });
      const body = (await get('/api/public/summary.json')).body;
      expect(body).toContain('"percentage":0.0018991,');
      expect(JSON.parse(body).percentage).toBe(0.0018991);
    } finally {
      await admin.server.db.delete(schema.revenues).where(sql`true`);
      for (const entry of ENTRIES)
        await admin.call('POST', '/api/revenue', { ...entry, description: SECRET_DESCRIPTION });
    }
  });

  it('lists monthly totals by source in the CSV, every month in between, and no descriptions', async () => {
    const csv = await get('/api/public/revenue.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).not.toContain(SECRET_DESCRIPTION);
    expect(csv.body.split('\r\n')).toEqual([
      'month,ai,passive,consulting,total',
      '2024-01,0.30,0.00,1000.00,1000.30',
      '2024-02,0.00,0.00,0.00,0.00',
      '2024-03,0.00,0.00,0.00,0.00',
      '2024-04,0.00,50.55,999999999.99,1000000050.54',
      '',
    ]);
  });

  it('revalidates with an ETag and changes right after a write', async () => {
    const first = await get('/api/public/summary.json');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(
      (await get('/api/public/summary.json', { 'if-none-match': String(first.headers.etag) })).statusCode,
    ).toBe(304);
    const csvBefore = (await get('/api/public/revenue.csv')).body;
    await admin.create('/api/revenue', {
      amount: '5.00',
      source: 'ai',
      description: SECRET_DESCRIPTION,
      date: '2024-03-03',
    });
    expect((await get('/api/public/summary.json')).json().bySource.ai).toBe('5.30');
    const csvAfter = (await get('/api/public/revenue.csv')).body;
    expect(csvAfter).not.toBe(csvBefore);
    expect(csvAfter).toContain('\r\n2024-03,5.00,0.00,0.00,5.00\r\n');
  });

  describe('CORS', () => {
    const OPEN_PATHS = ['/api/public/summary.json', '/api/public/revenue.csv'];

    it('lets any origin read the open data with GET and HEAD', async () => {
      for (const url of OPEN_PATHS) {
        for (const method of ['GET', 'HEAD'] as const) {
          const response = await admin.server.app.inject({
            method,
            url,
            headers: { origin: 'https://elsewhere.example' },
          });
          expect(response.statusCode).toBe(200);
          expect(response.headers['access-control-allow-origin']).toBe('*');
          expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
        }
      }
    });

    it('answers the preflight on the open paths', async () => {
      for (const url of OPEN_PATHS) {
        const response = await admin.server.app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin: 'https://elsewhere.example',
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'if-none-match',
          },
        });
        expect(response.statusCode).toBe(204);
        expect(response.headers['access-control-allow-origin']).toBe('*');
        expect(response.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
        expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain(
          'if-none-match',
        );
      }
    });

    it('sends no CORS header anywhere else', async () => {
      const elsewhere = { origin: 'https://elsewhere.example' };
      const others = [
        await get('/api/revenue', elsewhere),
        await get('/api/milestones', elsewhere),
        await get('/api/public/other.json', elsewhere),
        await get('/feed.xml', elsewhere),
        await get('/badge.svg', elsewhere),
        await get('/api/openapi.json', elsewhere),
        await admin.server.app.inject({ method: 'OPTIONS', url: '/api/revenue', headers: elsewhere }),
        // An open path takes no writes: a POST there is unknown, whatever the origin (decision 057).
        await admin.server.app.inject({
          method: 'POST',
          url: '/api/public/summary.json',
          payload: {},
          headers: elsewhere,
        }),
        // A write to a real write path from another site: the cross-site guard refuses it.
        await admin.server.app.inject({
          method: 'POST',
          url: '/api/revenue',
          payload: {},
          headers: elsewhere,
        }),
      ];
      expect(others.map((response) => response.statusCode)).toEqual([
        200, 200, 404, 200, 200, 200, 404, 404, 403,
      ]);
      for (const response of others) {
        expect(response.headers).not.toHaveProperty('access-control-allow-origin');
        expect(response.headers).not.toHaveProperty('access-control-allow-methods');
      }
    });
  });
});
