import { describe, expect, it } from 'vitest';
import { milestoneIdOf, milestonePath, milestoneSlug } from '../src/milestone-path';

describe('milestonePath', () => {
  it('is /milestones/:id-:slug with a lowercase ASCII slug', () => {
    expect(milestonePath({ id: 7, title: 'First $1,000 — from AI!' })).toBe(
      '/milestones/7-first-1-000-from-ai',
    );
  });

  it('keeps the base letter of accented characters and trims separators', () => {
    expect(milestoneSlug('  Café & Crème brûlée  ')).toBe('cafe-creme-brulee');
  });

  it('cuts long titles to at most 60 characters without a trailing dash', () => {
    const slug = milestoneSlug(`${'a'.repeat(59)} bcd`);
    expect(slug).toBe('a'.repeat(59));
    expect(milestoneSlug('word '.repeat(30)).length).toBeLessThanOrEqual(60);
  });

  it('falls back to a fixed word when nothing of the title is ASCII', () => {
    expect(milestonePath({ id: 3, title: '🚀🚀' })).toBe('/milestones/3-milestone');
    expect(milestonePath({ id: 4, title: '第一个客户' })).toBe('/milestones/4-milestone');
  });
});

describe('milestoneIdOf', () => {
  it('reads the id of a permalink segment, with or without its slug', () => {
    expect(milestoneIdOf('7-first-1-000-from-ai')).toBe(7);
    expect(milestoneIdOf('7-wrong-slug')).toBe(7);
    expect(milestoneIdOf('42')).toBe(42);
    expect(milestoneIdOf('2147483647-x')).toBe(2147483647);
  });

  it.each(['', 'abc', '0', '07-x', '-7', '+7', '7x', '7.5', '1e3', '2147483648', '99999999999-x'])(
    'has no id in %j',
    (segment) => {
      expect(milestoneIdOf(segment)).toBeNull();
    },
  );
});
