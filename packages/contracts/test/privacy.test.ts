import { describe, expect, it } from 'vitest';
import { amountBand, privacySettingsSchema, shownAmount } from '../src/privacy';

describe('amountBand', () => {
  it.each([
    ['0.00', 'under $1k', '0.00', '1000.00'],
    ['999.99', 'under $1k', '0.00', '1000.00'],
    ['1000.00', '$1k–$2.5k', '1000.00', '2500.00'],
    ['2499.99', '$1k–$2.5k', '1000.00', '2500.00'],
    ['2500.00', '$2.5k–$5k', '2500.00', '5000.00'],
    ['12345.67', '$10k–$25k', '10000.00', '25000.00'],
    ['99999.99', '$50k–$100k', '50000.00', '100000.00'],
    ['100000.00', '$100k–$250k', '100000.00', '250000.00'],
    ['3000000.00', '$2.5M–$5M', '2500000.00', '5000000.00'],
    ['1000000000.00', '$1B–$2.5B', '1000000000.00', '2500000000.00'],
  ])('puts %s in %s', (amount, label, low, high) => {
    expect(amountBand(amount)).toEqual({ label, low, high });
  });

  it('gives a loss the band of its size, below zero', () => {
    expect(amountBand('-12000.00')).toEqual({ label: '−$10k–−$25k', low: '-25000.00', high: '-10000.00' });
    expect(amountBand('-5.00')).toEqual({ label: 'a loss under $1k', low: '-1000.00', high: '0.00' });
  });
});

describe('shownAmount', () => {
  it('gives the amount, the band or nothing', () => {
    expect(shownAmount('12345.67', 'exact')).toEqual({ amount: '12345.67', range: null });
    expect(shownAmount('12345.67', 'range')).toEqual({ amount: null, range: '$10k–$25k' });
    expect(shownAmount('12345.67', 'hidden')).toEqual({ amount: null, range: null });
  });
});

describe('privacySettingsSchema', () => {
  it('defaults every figure to exact and names a wrong level', () => {
    expect(privacySettingsSchema.parse({})).toEqual({
      total: 'exact',
      bySource: 'exact',
      monthly: 'exact',
      mrr: 'exact',
      experiments: 'exact',
    });
    const result = privacySettingsSchema.safeParse({ mrr: 'blurry' });
    expect(result.error?.issues[0]?.message).toBe(
      'Recurring revenue must be shown exact, as a range, or hidden.',
    );
  });
});
