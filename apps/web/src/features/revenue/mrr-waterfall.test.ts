import { describe, expect, it } from 'vitest';
import { waterfallSteps } from './mrr-waterfall';

const month = {
  month: '2026-02',
  new: '0.00',
  expansion: '50.00',
  contraction: '0.00',
  churn: '20.00',
  reactivation: '0.00',
  fx: '-5.00',
  startMrr: '340.00',
  endMrr: '365.00',
  netRevenueChurn: null,
  quickRatio: null,
};

describe('waterfallSteps', () => {
  it('floats each movement from where the last one ended, leaving out the zeros', () => {
    expect(waterfallSteps(month).map(({ key, from, to }) => [key, from, to])).toEqual([
      ['start', 0, 340],
      ['expansion', 340, 390],
      ['churn', 390, 370],
      ['fx', 370, 365],
      ['end', 0, 365],
    ]);
  });
});
