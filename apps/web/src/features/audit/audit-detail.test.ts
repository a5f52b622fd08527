import { describe, expect, it } from 'vitest';
import { summariseDetail } from './audit-detail';

describe('summariseDetail', () => {
  it('says each field in a few words, lists joined, long values cut', () => {
    expect(summariseDetail({ amount: '12.50', currency: 'USD' })).toBe('amount 12.50 · currency USD');
    expect(summariseDetail({ fields: ['siteName', 'story'] })).toBe('fields siteName, story');
    expect(summariseDetail({ required: false, nested: { a: 1 } })).toBe('required false · nested');
    expect(summariseDetail({ userAgent: 'x'.repeat(100) })).toBe(`userAgent ${'x'.repeat(47)}…`);
    expect(summariseDetail({})).toBe('');
  });
});
