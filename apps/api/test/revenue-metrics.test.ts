/**
 * GET /api/revenue/metrics (docs/decisions/042-revenue-metrics.md) against an independent computation:
 * histories of every kind, the forecast found by stepping month by month, on both drivers.
 */
import { schema } from '@journey/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerAdmin, startTestServer, type TestServer } from './helpers';

const NOW = new Date('2026-11-24T15:00:00.000Z');
const TARGET = 1_000_000_000;

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
  cookie = await registerAdmin(server.app);
  // The journey starts on 1 March 2026: 268 days before NOW.
  const settings = {
    ...(await call(server.app, 'GET', '/api/settings')).json(),
    journeyStartDate: '2026-03-01',
  };
  expect((await call(server.app, 'PUT', '/api/admin/settings', settings, cookie)).statusCode).toBe(200);
});
afterAll(() => server?.close());

/** `YYYY-MM` `offset` months from NOW's month. */
const month = (offset: number) =>
  new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);

/** Replaces every entry with one per month, from `amounts.length - 1` months ago to this month. */
async function history(amounts: string[]): Promise<void> {
  await server.db.delete(schema.revenues).where(sql`true`);
  for (const [index, amount] of amounts.entries()) {
    const response = await call(
      server.app,
      'POST',
      '/api/revenue',
      {
        amount,
        source: 'ai',
        description: 'A metrics entry',
        date: `${month(index - amounts.length + 1)}-15`,
      },
      cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
  }
}

const metrics = async () => {
  const response = await call(server.app, 'GET', '/api/revenue/metrics');
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** The forecast month by stepping: each month from this one earns last month's revenue grown once more. */
function steppedForecast(cumulative: number, base: number, growth: number): string | null {
  if (growth <= 0) return null;
  let total = cumulative;
  for (let k = 1; k < 10_000; k++) {
    total += base * (1 + growth) ** k;
    if (total >= TARGET) return month(k - 1);
  }
  return null;
}

describe('revenue metrics', () => {
  it('on no revenue: zeros, no best month, no growth and no forecast', async () => {
    await history([]);
    expect(await metrics()).toMatchObject({
      currentMonth: { month: '2026-11', total: '0.00' },
      previousMonth: { month: '2026-10', total: '0.00' },
      bestMonth: null,
      monthlyGrowthRate: null,
      daysElapsed: 268,
      activeSources: 0,
      cumulativeTotal: '0.00',
      forecast: {
        target: '1000000000.00',
        reachesTargetIn: null,
        targetMonth: '2036-03',
        requiredMonthlyGrowth: null,
        projection: [],
      },
    });
  });

  it('on one month: its figures, but no growth rate yet', async () => {
    await history(['19.99']);
    const answer = await metrics();
    expect(answer).toMatchObject({
      currentMonth: { total: '19.99' },
      bestMonth: { month: '2026-11', total: '19.99' },
      monthlyGrowthRate: null,
      activeSources: 1,
      forecast: { reachesTargetIn: null, requiredMonthlyGrowth: null },
    });
  });

  it('on a growing history: +20 % a month, and the month the total passes $1B (October 2032)', async () => {
    const amounts = Array.from({ length: 9 }, (_, i) => (100 * 1.2 ** i).toFixed(2));
    await history(amounts);
    const answer = await metrics();
    const cumulative = amounts.reduce((sum, amount) => sum + Number(amount), 0);
    const base = Number(amounts.at(-2));
    const growth = Math.sqrt(base / Number(amounts.at(-4))) - 1;
    expect(answer.monthlyGrowthRate).toBeCloseTo(0.2, 4);
    expect(answer.monthlyGrowthRate).toBeCloseTo(growth, 4);
    expect(answer.cumulativeTotal).toBe(cumulative.toFixed(2));
    expect(answer.bestMonth).toEqual({ month: '2026-11', total: amounts.at(-1) });
    expect(answer.forecast.reachesTargetIn).toBe(steppedForecast(cumulative, base, answer.monthlyGrowthRate));
    // By hand: n = ceil(ln(1 + 999,997,920 × 0.2 ÷ (358.32 × 1.2)) ÷ ln 1.2) = ceil(71.6) = 72 months
    // counting November 2026 as the first: October 2032.
    expect(answer.forecast.reachesTargetIn).toBe('2032-10');
    // Reaching $1B by March 2036 (113 months from now) takes less than +20 %, more than nothing.
    expect(answer.forecast.requiredMonthlyGrowth).toBeGreaterThan(0.1);
    expect(answer.forecast.requiredMonthlyGrowth).toBeLessThan(0.2);
    // The dashed line: every month from this one to October 2032 (72), each total found by stepping.
    const projection = answer.forecast.projection;
    expect(projection).toHaveLength(72);
    let total = cumulative;
    for (const [k, point] of projection.entries()) {
      total += base * (1 + answer.monthlyGrowthRate) ** (k + 1);
      expect(point.month).toBe(month(k));
      expect(Math.abs(Number(point.total) - total)).toBeLessThan(total * 1e-9 + 0.006);
    }
    expect(Number(projection.at(-1).total)).toBeGreaterThanOrEqual(TARGET);
    expect(Number(projection.at(-2).total)).toBeLessThan(TARGET);
  });

  it("aims the required growth at the owner's target month, and thins a far projection to 120 points", async () => {
    const current = (await call(server.app, 'GET', '/api/settings')).json();
    const aimed = { ...current, forecastTargetMonth: '2030-10' };
    expect((await call(server.app, 'PUT', '/api/admin/settings', aimed, cookie)).statusCode).toBe(200);
    try {
      // +1 % a month from $500: the forecast is centuries away.
      await history(Array.from({ length: 7 }, (_, i) => (500 * 1.01 ** i).toFixed(2)));
      const answer = await metrics();
      expect(answer.forecast.targetMonth).toBe('2030-10');
      // 48 months, November 2026 to October 2030 both counted: the growth found is tight over them.
      const cumulative = (await metrics()).cumulativeTotal;
      const reached = (growth: number) => {
        let total = Number(cumulative);
        for (let k = 1; k <= 48; k++) total += Number(answer.previousMonth.total) * (1 + growth) ** k;
        return total >= TARGET;
      };
      expect(reached(answer.forecast.requiredMonthlyGrowth + 0.0001)).toBe(true);
      expect(reached(answer.forecast.requiredMonthlyGrowth - 0.001)).toBe(false);
      const projection = answer.forecast.projection;
      expect(projection).toHaveLength(120);
      expect(projection.at(-1).month).toBe(answer.forecast.reachesTargetIn);
      const months = projection.map((point: { month: string }) => point.month);
      expect([...months].sort()).toEqual(months);
      expect(new Set(months).size).toBe(120);
    } finally {
      await call(server.app, 'PUT', '/api/admin/settings', current, cookie);
    }
  });

  it('on a flat history: no growth, so no forecast month, and the growth it would take', async () => {
    await history(Array.from({ length: 7 }, () => '500.00'));
    const answer = await metrics();
    expect(answer.monthlyGrowthRate).toBe(0);
    expect(answer.forecast.reachesTargetIn).toBeNull();
    const required = answer.forecast.requiredMonthlyGrowth;
    // Checked by stepping: that growth reaches $1B within the 113 months, a hair less does not.
    const reached = (growth: number) => {
      let total = 3_500;
      for (let k = 1; k <= 113; k++) total += 500 * (1 + growth) ** k;
      return total >= TARGET;
    };
    expect(reached(required + 0.0001)).toBe(true);
    expect(reached(required - 0.001)).toBe(false);
  });

  it('on a shrinking history: a negative growth rate and no forecast month', async () => {
    await history(Array.from({ length: 7 }, (_, i) => (1000 * 0.8 ** i).toFixed(2)));
    const answer = await metrics();
    expect(answer.monthlyGrowthRate).toBeCloseTo(-0.2, 3);
    expect(answer.forecast.reachesTargetIn).toBeNull();
  });

  it('says how each figure is calculated, and follows a new entry at once though cached', async () => {
    await history(['100.00']);
    const first = await metrics();
    for (const field of [
      'currentMonth',
      'previousMonth',
      'bestMonth',
      'monthlyGrowthRate',
      'daysElapsed',
      'activeSources',
      'reachesTargetIn',
      'requiredMonthlyGrowth',
    ])
      expect(first.howCalculated[field], field).toMatch(/^[A-Z].+\.$/);
    const added = await call(
      server.app,
      'POST',
      '/api/revenue',
      {
        amount: '50.00',
        source: 'consulting',
        description: 'Another entry',
        date: '2026-11-20',
      },
      cookie,
    );
    expect(added.statusCode).toBe(201);
    const second = await metrics();
    expect(second.currentMonth.total).toBe('150.00');
    expect(second.activeSources).toBe(2);
  });
});
