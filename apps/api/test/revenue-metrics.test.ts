/**
 * GET /api/revenue/metrics (docs/decisions/042-revenue-metrics.md) against an independent computation:
 * histories of every kind, the forecast found by stepping month by month, on both drivers.
 */
import { schema } from '@journey/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerAdmin, startTestServer, type TestServer } from './helpers';
import { ISSUE_27_FORECAST, ISSUE_27_GROWTH, ISSUE_27_MONTHS } from './support/issue-27';

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

/**
 * Replaces every entry with one per month, from `amounts.length - 1` months ago to this month, dated
 * on the `day` (the 1st makes the first month a complete one).
 */
async function history(amounts: string[], source = 'ai', day = '01'): Promise<void> {
  await server.db.delete(schema.revenues).where(sql`true`);
  await add(amounts, source, day);
}

async function add(amounts: string[], source: string, day = '01'): Promise<void> {
  for (const [index, amount] of amounts.entries()) {
    const response = await call(
      server.app,
      'POST',
      '/api/revenue',
      {
        amount,
        source,
        description: 'A metrics entry',
        date: `${month(index - amounts.length + 1)}-${day}`,
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

/**
 * The forecast month by stepping: the months before this one as logged, then from this one on each
 * earns last month's revenue (on an exact trend, the trend's) grown once more.
 */
function steppedForecast(before: number, base: number, growth: number): string | null {
  if (growth <= 0) return null;
  let total = before;
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
      growth: {
        rate: null,
        low: null,
        high: null,
        rSquared: null,
        from: '2026-05',
        to: '2026-10',
        completeMonths: 0,
      },
      daysElapsed: 268,
      activeSources: 0,
      cumulativeTotal: '0.00',
      forecast: {
        status: 'too-few-months',
        target: '1000000000.00',
        reachesTargetIn: null,
        earliest: null,
        latest: null,
        targetMonth: '2036-03',
        horizon: '2100-12',
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
    // The six complete months fitted grow by 20 % each (to the cent): the trend is +20 %, with no spread.
    expect(answer.monthlyGrowthRate).toBe(0.2);
    expect(answer.growth).toMatchObject({ rate: 0.2, low: 0.2, high: 0.2, rSquared: 1, completeMonths: 8 });
    expect(answer.cumulativeTotal).toBe(cumulative.toFixed(2));
    expect(answer.bestMonth).toEqual({ month: '2026-11', total: amounts.at(-1) });
    // This month's $429.98 is the trend's own: the months before it, then the trend from this one on.
    const before = cumulative - Number(amounts.at(-1));
    expect(answer.forecast.reachesTargetIn).toBe(steppedForecast(before, base, 0.2));
    // By hand: n = ceil(ln(1 + 999,998,350 × 0.2 ÷ (358.32 × 1.2)) ÷ ln 1.2) = ceil(71.6) = 72 months
    // counting November 2026 as the first: October 2032.
    expect(answer.forecast).toMatchObject({
      status: 'forecast',
      reachesTargetIn: '2032-10',
      earliest: '2032-10',
      latest: '2032-10',
    });
    // Reaching $1B by March 2036 (113 months from now) takes less than +20 %, more than nothing.
    expect(answer.forecast.requiredMonthlyGrowth).toBeGreaterThan(0.1);
    expect(answer.forecast.requiredMonthlyGrowth).toBeLessThan(0.2);
    // The dashed line: every month from this one to October 2032 (72), each total found by stepping.
    const projection = answer.forecast.projection;
    expect(projection).toHaveLength(72);
    let total = before;
    for (const [k, point] of projection.entries()) {
      total += base * 1.2 ** (k + 1);
      expect(point.month).toBe(month(k));
      // Within 0.01 %: the trend line's level differs from the logged months by their rounding to the cent.
      expect(Math.abs(Number(point.total) - total)).toBeLessThan(total * 1e-4);
    }
    expect(Number(projection.at(-1).total)).toBeGreaterThanOrEqual(TARGET);
    expect(Number(projection.at(-2).total)).toBeLessThan(TARGET);
  });

  it("on issue 27's eight months: a six-month trend of +11.6 %/month, too irregular to forecast, not +204.8 %", async () => {
    // April to November 2026 (November still running); the journey began on 17 April.
    const amounts = ISSUE_27_MONTHS.map((dollars) => dollars.toFixed(2));
    await history(amounts, 'ai', '17');
    const answer = await metrics();
    expect(answer.monthlyGrowthRate).not.toBeCloseTo(2.048, 2);
    expect(answer.monthlyGrowthRate).toBe(0.1164);
    expect(answer.growth).toEqual(ISSUE_27_GROWTH);
    expect(answer.forecast).toMatchObject(ISSUE_27_FORECAST);
    expect(answer.cumulativeTotal).toBe('18991.00');
    expect(answer.howCalculated.monthlyGrowthRate).toMatch(/least squares/);
  });

  it("gives every source its own trend and forecast, for the tracker's filter", async () => {
    await history(
      Array.from({ length: 9 }, (_, i) => (100 * 1.2 ** i).toFixed(2)),
      'ai',
    );
    await add(
      Array.from({ length: 9 }, () => '500.00'),
      'consulting',
    );
    const answer = await metrics();
    expect(answer.bySource.ai).toMatchObject({
      monthlyGrowthRate: 0.2,
      forecast: { status: 'forecast', reachesTargetIn: '2032-10' },
    });
    expect(answer.bySource.consulting).toMatchObject({
      monthlyGrowthRate: 0,
      forecast: { status: 'not-growing', reachesTargetIn: null },
    });
    expect(answer.bySource.passive).toMatchObject({
      monthlyGrowthRate: null,
      growth: { completeMonths: 0 },
      forecast: { status: 'too-few-months', requiredMonthlyGrowth: null },
    });
    // All sources together: $600 to $2,579.90 a month, a trend between the two.
    expect(answer.monthlyGrowthRate).toBeGreaterThan(0);
    expect(answer.monthlyGrowthRate).toBeLessThan(0.2);
    expect(answer.bySource.ai.forecast.requiredMonthlyGrowth).toBeGreaterThan(
      answer.forecast.requiredMonthlyGrowth,
    );
  });

  it("aims the required growth at the owner's target month, and thins a far projection to 120 points", async () => {
    const current = (await call(server.app, 'GET', '/api/settings')).json();
    const aimed = { ...current, forecastTargetMonth: '2030-10' };
    expect((await call(server.app, 'PUT', '/api/admin/settings', aimed, cookie)).statusCode).toBe(200);
    try {
      // +5 % a month from $500: $1B in 2046, too far for a point a month.
      await history(Array.from({ length: 7 }, (_, i) => (500 * 1.05 ** i).toFixed(2)));
      const answer = await metrics();
      expect(answer.forecast.targetMonth).toBe('2030-10');
      expect(answer.forecast.status).toBe('forecast');
      // 48 months, November 2026 to October 2030 both counted, from the months before this one and
      // the trend's last month (October's $638.14): the growth found is tight over them.
      const before = Number(answer.cumulativeTotal) - Number(answer.currentMonth.total);
      const reached = (growth: number) => {
        let total = before;
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
    // Checked by stepping: that growth reaches $1B within the 113 months, a hair less does not; the
    // six months before this one as logged, this one and the later ones on the grown trend.
    const reached = (growth: number) => {
      let total = 3_000;
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
