import { describe, expect, it } from 'vitest';
import { formatAgo, formatShare, provenanceLabel } from '../src/zod-free';

describe('formatShare', () => {
  it('rounds down, so a share never claims more than it is', () => {
    expect(formatShare(0)).toBe('0 %');
    expect(formatShare(0.875)).toBe('87 %');
    expect(formatShare(0.996)).toBe('99 %');
    expect(formatShare(0.29)).toBe('29 %'); // 0.29 * 100 is 28.999999999999996 in binary
    expect(formatShare(1)).toBe('100 %');
    expect(formatShare(1.2)).toBe('100 %');
  });
});

describe('formatAgo', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z');
  it.each([
    ['2026-11-27T11:59:30.000Z', 'just now'],
    ['2026-11-27T11:56:00.000Z', '4 min ago'],
    ['2026-11-27T09:00:00.000Z', '3 h ago'],
    ['2026-11-25T13:00:00.000Z', '47 h ago'],
    ['2026-11-24T12:00:00.000Z', '3 days ago'],
    // A clock a little behind the server's: never "in the future".
    ['2026-11-27T12:01:00.000Z', 'just now'],
  ])('%s is %s', (iso, expected) => expect(formatAgo(iso, now)).toBe(expected));
});

describe('provenanceLabel', () => {
  it('names the way and the provider; a typed entry is self-reported', () => {
    expect(provenanceLabel({ provenance: 'manual', provider: null })).toBe('Self-reported');
    expect(provenanceLabel({ provenance: 'import', provider: 'lemon-squeezy' })).toBe(
      'Imported from Lemon Squeezy',
    );
    expect(provenanceLabel({ provenance: 'sync', provider: 'stripe' })).toBe('Synced from Stripe');
    expect(provenanceLabel({ provenance: 'webhook', provider: 'polar' })).toBe('Polar webhook');
  });
});
