import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatPercent } from './format';

describe('formatMoney', () => {
  it('shows dollars with thousands separators and cents', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('1000000000')).toBe('$1,000,000,000.00');
    expect(formatMoney('999999999999.99')).toBe('$999,999,999,999.99');
  });

  it('handles zero and amounts below a dollar', () => {
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney('0.00')).toBe('$0.00');
    expect(formatMoney('0.05')).toBe('$0.05');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
  });

  it('rounds to whole dollars without cents', () => {
    expect(formatMoney('1234.5', { cents: false })).toBe('$1,235');
    expect(formatMoney('1234.49', { cents: false })).toBe('$1,234');
    expect(formatMoney(0, { cents: false })).toBe('$0');
    expect(formatMoney('1234.5', { cents: true })).toBe('$1,234.50');
  });

  it('rounds extra decimals to cents', () => {
    expect(formatMoney('1.005')).toMatch(/^\$1\.0[01]$/);
    expect(formatMoney('2.499')).toBe('$2.50');
  });
});

describe('formatPercent', () => {
  it('shows zero as 0%', () => {
    expect(formatPercent(0)).toBe('0%');
  });

  it('keeps two significant digits for tiny shares so small totals still move', () => {
    expect(formatPercent(0.0000012)).toBe('0.00012%');
    expect(formatPercent(0.00000001234)).toBe('0.0000012%');
    expect(formatPercent(0.000099)).toBe('0.0099%');
  });

  it('shows at most two decimals from 0.01% on', () => {
    expect(formatPercent(0.0001)).toBe('0.01%');
    expect(formatPercent(0.001234)).toBe('0.12%');
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(0.123456)).toBe('12.35%');
    expect(formatPercent(1)).toBe('100%');
  });

  it('groups thousands beyond the target', () => {
    expect(formatPercent(12.5)).toBe('1,250%');
  });
});

describe('formatDate', () => {
  it('shows the day as entered, in UTC', () => {
    expect(formatDate('2024-03-15T00:00:00.000Z')).toBe('Mar 15, 2024');
    expect(formatDate('2024-03-15T23:59:59.999Z')).toBe('Mar 15, 2024');
    expect(formatDate('2000-01-01T00:00:00.000Z')).toBe('Jan 1, 2000');
  });

  it('reads date-only strings as UTC days', () => {
    expect(formatDate('2024-02-29')).toBe('Feb 29, 2024');
    expect(formatDate('2023-12-31')).toBe('Dec 31, 2023');
  });

  it('converts offsets to the UTC day', () => {
    expect(formatDate('2024-03-15T23:30:00-02:00')).toBe('Mar 16, 2024');
  });

  it('says Invalid Date for text that is no date', () => {
    expect(formatDate('not a date')).toBe('Invalid Date');
  });
});
