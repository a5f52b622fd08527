import { describe, expect, it } from 'vitest';
import { monthlyAmounts } from './monthly-amounts';

describe('monthlyAmounts', () => {
  it('takes each month’s revenue from the running totals, to the cent', () => {
    const rows = monthlyAmounts({
      range: 'all',
      bucket: 'month',
      private: false,
      points: [
        { date: '2026-01-01', ai: '100.10', passive: '0.00', consulting: '0.00', total: '100.10' },
        { date: '2026-02-01', ai: '100.10', passive: '50.05', consulting: '0.00', total: '150.15' },
        // A refund in March: the month is negative.
        { date: '2026-03-01', ai: '80.00', passive: '50.05', consulting: '1000.00', total: '1130.05' },
      ],
    });
    expect(rows).toEqual([
      { date: '2026-01-01', ai: '100.10', passive: '0.00', consulting: '0.00', total: '100.10' },
      { date: '2026-02-01', ai: '0.00', passive: '50.05', consulting: '0.00', total: '50.05' },
      { date: '2026-03-01', ai: '-20.10', passive: '0.00', consulting: '1000.00', total: '979.90' },
    ]);
  });

  it('has nothing to say about daily or weekly buckets', () => {
    expect(monthlyAmounts({ range: '30d', bucket: 'day', points: [], private: false })).toEqual([]);
  });
});
