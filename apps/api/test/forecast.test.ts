/**
 * The growth trend and the $1B forecast (docs/decisions/055-a-trend-not-two-months.md) on small
 * histories computed by hand: a least-squares line through ln(revenue) of the six complete months
 * before the current one, its 80 % interval, and when a forecast is meaningful.
 */
import { describe, expect, it } from 'vitest';
import { growthAndForecast } from '../src/features/revenue/forecast';
import { ISSUE_27_FORECAST, ISSUE_27_GROWTH, ISSUE_27_MONTHS } from './support/issue-27';

// Tuesday 24 November 2026: the complete months fitted are May to October 2026.
const NOW = new Date('2026-11-24T15:00:00.000Z');
const GOAL = { target: 1_000_000_000, targetMonth: '2036-03' };

/** Six complete months, oldest first, then the current one; the first entry in April unless said. */
const run = (recent: number[], firstEntryDate: string | null = '2026-04-17', extra = 0) =>
  growthAndForecast(
    { recent, firstEntryDate, cumulative: recent.reduce((sum, total) => sum + total, extra) },
    GOAL,
    NOW,
  );

describe('the growth trend and the forecast', () => {
  it("on issue 27's months ($78 … $4,504): +11.6 %/month, too irregular to forecast, never +204.8 %", () => {
    // April $78 (started on the 17th: not a complete month), May–October fitted, November running.
    const [april, ...fitted] = ISSUE_27_MONTHS;
    const answer = run(fitted, '2026-04-17', april);
    // The old rate, (3,976 ÷ 428)^(1/2) − 1 = 2.048: one weak month made it.
    expect(answer.monthlyGrowthRate).not.toBeCloseTo(2.048, 2);
    // ln: 7.8694, 7.2049, 7.5994, 6.0591, 8.3055, 8.2880 at x = 0…5; x̄ = 2.5, Sxx = 17.5,
    // Sxy = 1.9273: slope 0.11013, e^0.11013 − 1 = 0.1164. SSE 3.3493 of SST 3.5616: R² = 0.0596.
    // se = √(3.3493 ÷ 4 ÷ 17.5) = 0.21874; t(0.9, 4 df) = 1.5332: e^(0.11013 ∓ 0.33537) − 1.
    expect(answer.growth).toEqual(ISSUE_27_GROWTH);
    expect(answer.monthlyGrowthRate).toBe(0.1164);
    expect(answer.forecast).toMatchObject(ISSUE_27_FORECAST);
    expect(answer.forecast.requiredMonthlyGrowth).toBeGreaterThan(0);
  });

  it('on $100, $200, $200, $800, $800, $1,600: +74.1 %/month, $1B likely in September 2028 (May 2028 to March 2029)', () => {
    const answer = run([100, 200, 200, 800, 800, 1600, 500]);
    // log2 of the hundreds: 0, 1, 1, 3, 3, 4; Sxy = 14, Sxx = 17.5: slope 0.8 (log2), 2^0.8 − 1 = 0.7411.
    // Fitted 0, 0.8, 1.6, 2.4, 3.2, 4: SSE 0.8 of SST 12, R² = 0.9333; se = √(0.8 ÷ 4 ÷ 17.5) = 0.10690;
    // 0.8 ∓ 1.5332 × 0.10690 = 0.63609 and 0.96391: 2^… − 1 = 0.5541 and 0.9506.
    expect(answer.growth).toMatchObject({ rate: 0.7411, low: 0.5541, high: 0.9506, rSquared: 0.9333 });
    // The trend line earns 100 × 2^(0.8 i) in month i (i = 6 is November): with $3,700 before, the
    // running total passes $1B when 100 × (r^(n+1) − r^6) ÷ (r − 1) ≥ 999,996,300, r = 2^0.8:
    // n + 1 ≥ ln(7,411,011) ÷ ln(1.7411) = 28.53, n = 28, 22 months after November 2026.
    expect(answer.forecast).toMatchObject({
      status: 'forecast',
      reachesTargetIn: '2028-09',
      earliest: '2028-05',
      latest: '2029-03',
    });
    // The dashed line: every month from November 2026 to September 2028, ending past $1B.
    const projection = answer.forecast.projection;
    expect(projection).toHaveLength(23);
    expect(projection[0]).toEqual({ month: '2026-11', total: (3700 + 100 * 2 ** 4.8).toFixed(2) });
    expect(projection.at(-1)?.month).toBe('2028-09');
    expect(Number(projection.at(-1)?.total)).toBeGreaterThanOrEqual(1e9);
    expect(Number(projection.at(-2)?.total)).toBeLessThan(1e9);
  });

  it('on exactly +10 % a month: a rate of 0.1 with no spread, one month for likely, earliest and latest', () => {
    const answer = run([1000, 1100, 1210, 1331, 1464.1, 1610.51, 1700]);
    expect(answer.growth).toMatchObject({ rate: 0.1, low: 0.1, high: 0.1, rSquared: 1 });
    // 1000 × 1.1^i from i = 6 (November 2026) on: 1,000 × (1.1^(n+1) − 1.1^6) ÷ 0.1 ≥ 999,992,284
    // gives n + 1 ≥ ln(100,001.0) ÷ ln 1.1 = 120.8: n = 120, 114 months after November 2026.
    expect(answer.forecast).toMatchObject({
      status: 'forecast',
      reachesTargetIn: '2036-05',
      earliest: '2036-05',
      latest: '2036-05',
    });
  });

  it('counts the first month only when its first entry is on the 1st, and forecasts nothing before six', () => {
    const steady = [1000, 1100, 1210, 1331, 1464.1, 1610.51, 1700];
    expect(run(steady, '2026-05-01').growth).toMatchObject({ rate: 0.1, completeMonths: 6 });
    const young = run(steady, '2026-05-02');
    expect(young.growth).toMatchObject({
      rate: null,
      low: null,
      high: null,
      rSquared: null,
      completeMonths: 5,
    });
    expect(young.monthlyGrowthRate).toBeNull();
    expect(young.forecast).toMatchObject({ status: 'too-few-months', reachesTargetIn: null, projection: [] });
    expect(run([], null).growth.completeMonths).toBe(0);
  });

  it('has no trend through a month without revenue (a log scale has no zero)', () => {
    const answer = run([500, 500, 0, 500, 500, 500, 500]);
    expect(answer.monthlyGrowthRate).toBeNull();
    expect(answer.forecast.status).toBe('month-without-revenue');
  });

  it('on a flat or falling trend: its rate, no forecast month, and the growth the target month needs', () => {
    const flat = run([500, 500, 500, 500, 500, 500, 100]);
    expect(flat.growth).toMatchObject({ rate: 0, rSquared: 1 });
    expect(flat.forecast).toMatchObject({ status: 'not-growing', reachesTargetIn: null });
    const falling = run([1000, 800, 640, 512, 409.6, 327.68, 100]);
    expect(falling.monthlyGrowthRate).toBe(-0.2);
    expect(falling.forecast.status).toBe('not-growing');
    // $500 a month on the trend, November 2026 to March 2036 (113 months): checked by stepping.
    const required = flat.forecast.requiredMonthlyGrowth ?? Number.NaN;
    const reached = (growth: number) => {
      let total = 3_000;
      for (let k = 1; k <= 113; k++) total += 500 * (1 + growth) ** k;
      return total >= GOAL.target;
    };
    expect(reached(required + 0.0001)).toBe(true);
    expect(reached(required - 0.001)).toBe(false);
  });

  it('says the target is reached, in the current month, once the running total is past it', () => {
    const answer = run([500, 500, 500, 500, 500, 500, 100], '2026-01-03', 1e9);
    expect(answer.forecast).toMatchObject({
      status: 'reached',
      reachesTargetIn: '2026-11',
      requiredMonthlyGrowth: 0,
    });
  });

  it('names no month after the horizon (2100-12): a slow trend is "beyond-horizon"', () => {
    const slow = run([500, 505, 510.05, 515.15, 520.3, 525.5, 100]);
    expect(slow.growth.rate).toBe(0.01);
    expect(slow.forecast).toMatchObject({ status: 'beyond-horizon', reachesTargetIn: null, latest: null });
  });
});
