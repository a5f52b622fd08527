import { describe, expect, it } from 'vitest';
import { formatMonthlyGrowth } from '../src/forecast';

// docs/decisions/055-a-trend-not-two-months.md: the tracker and the stat card write a rate alike.
describe('formatMonthlyGrowth', () => {
  it.each([
    [0.1164, '+11.6 %/month'],
    [0.18, '+18 %/month'],
    [2.048, '+204.8 %/month'],
    [12.3456, '+1,234.6 %/month'],
    [-0.05, '−5 %/month'],
    [0, '0 %/month'],
    [0.00004, '0 %/month'],
  ])('%d → %s', (fraction, text) => {
    expect(formatMonthlyGrowth(fraction)).toBe(text);
  });
});
